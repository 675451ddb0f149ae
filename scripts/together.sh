#!/usr/bin/env bash
# Runs each argument, a shell command, at the same time as the others: work that does not depend on each other
# (typecheck, lint, the builds) shares the cores instead of waiting in line. Each command's output is kept apart
# and printed when it ends, under its name, with its time; the script fails (exit 1) if any command failed, after
# all have ended, and names them.
#   bash scripts/together.sh "npm run typecheck" "npm run lint"
set -uo pipefail
logs=$(mktemp -d "${TMPDIR:-/tmp}/wayfare-together.XXXXXX")
trap 'rm -rf "$logs"' EXIT

declare -A command_of
for command in "$@"; do
  (
    me=$BASHPID started=$SECONDS
    bash -c "$command" >"$logs/$me.log" 2>&1
    status=$?
    echo "$status $((SECONDS - started))" >"$logs/$me.status"
    exit "$status"
  ) &
  command_of[$!]=$command
done

failed=()
while [ ${#command_of[@]} -gt 0 ]; do
  wait -n -p ended
  read -r status seconds <"$logs/$ended.status"
  echo "── $(if [ "$status" -eq 0 ]; then echo ok; else echo "FAILED (exit $status)"; fi) in ${seconds}s: ${command_of[$ended]}"
  cat "$logs/$ended.log"
  [ "$status" -eq 0 ] || failed+=("${command_of[$ended]}")
  unset "command_of[$ended]"
done

if [ ${#failed[@]} -gt 0 ]; then
  printf 'Failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
