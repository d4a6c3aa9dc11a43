#!/bin/sh
# Refuses a base path the templates cannot serve safely. Run by the nginx image before it renders
# the templates (/docker-entrypoint.d: a failing script stops the container), and the same way by
# the tests' renderer (e2e/render-kit.ts). The console's base path must start and end with a slash
# and hold only path characters, no part starting with a dot, on one line: without its last slash
# (/console), nginx's alias would serve /console../secret from outside the console's folder, and a
# . or .. part could reach there too.
base="${CONSOLE_BASE_PATH:-}"
line_break='
'
case "$base" in
  /) exit 0 ;;
  *"$line_break"*) ;;
  /*/)
    if printf '%s\n' "$base" | grep -Eq '^(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+/$'; then
      exit 0
    fi
    ;;
esac
echo "CONSOLE_BASE_PATH must be / or a path such as /console/: a slash at both ends (without the last one, nginx's alias could serve files outside the console's folder), only letters, digits and . _ ~ -, no part starting with a dot; it is '$base'" >&2
exit 1
