#!/bin/sh
# Playwright runs this as "Chromium", with Chromium's arguments and its control pipe on fds 3 and 4,
# which the execs keep. See browser-netns.mjs for why the browser gets a network namespace.
set -e
exec /usr/bin/unshare --net -- /bin/sh -c '
set -e
/usr/sbin/ip link set lo up
ready="${TMPDIR:-/tmp}/forge-e2e-forwarder-$$"
"$FORGE_E2E_NODE" "$FORGE_E2E_FORWARDER" "$FORGE_E2E_PORT" "$FORGE_E2E_SOCKET" "$ready" &
# The first page loads as soon as Chromium is up: the forwarder must be listening before.
tries=0
while [ ! -e "$ready" ] && [ $tries -lt 250 ]; do sleep 0.02; tries=$((tries + 1)); done
rm -f "$ready"
exec "$FORGE_E2E_CHROMIUM" "$@"' chromium-netns "$@"
