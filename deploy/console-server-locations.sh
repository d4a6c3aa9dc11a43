#!/bin/sh
# Run by the nginx image after it renders the templates (/docker-entrypoint.d, after
# 20-envsubst-on-templates.sh; a failing script stops the container), and the same way by the
# tests' renderer (e2e/render-kit.ts). Without CONSOLE_SERVER_ORIGIN the console is served alone:
# the rendered proxy files are removed (they would read "proxy_pass ;"), so console.conf's
# include matches nothing. With it, it must be an origin and nothing else, since it lands in the
# configuration as it is: http(s), a host, perhaps a port, no path, no space or ;.
dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
origin="${CONSOLE_SERVER_ORIGIN:-}"
line_break='
'
if [ -z "$origin" ]; then
  rm -f "$dir"/console-server-*.inc
  exit 0
fi
case "$origin" in
  *"$line_break"*) ;;
  *)
    if printf '%s\n' "$origin" | grep -Eq '^https?://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?$'; then
      exit 0
    fi
    ;;
esac
echo "CONSOLE_SERVER_ORIGIN must be empty (no console server) or an origin such as http://console-server:4020: http or https, a host name or IPv4 address, perhaps a port, no path; it is '$origin'" >&2
exit 1
