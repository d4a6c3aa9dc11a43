#!/bin/sh
# Run by the nginx image before it renders the templates (/docker-entrypoint.d): the console's
# base path must start and end with a slash and hold only path characters, or nginx's alias
# could reach outside the console's folder (/console../).
case "${CONSOLE_BASE_PATH:-}" in
  /) exit 0 ;;
  /*/)
    if printf '%s' "$CONSOLE_BASE_PATH" | grep -Eq '^(/[A-Za-z0-9._~-]+)+/$' &&
      ! printf '%s' "$CONSOLE_BASE_PATH" | grep -Eq '/\.\.?/'; then
      exit 0
    fi
    ;;
esac
echo "CONSOLE_BASE_PATH must be / or a path such as /console/ (a slash at both ends, no . or .. parts); it is '${CONSOLE_BASE_PATH:-}'" >&2
exit 1
