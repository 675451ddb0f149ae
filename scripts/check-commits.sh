#!/usr/bin/env bash
# Checks the commit messages since COMMIT_CHECK_BASE (older history is left as it was written): a subject of at most
# 72 characters in the imperative mood ("Add", not "Added" or "Adds"), no trailing period, a blank line before the
# body, and no issue numbers (the history speaks of the product). CONTRIBUTING.md states the convention.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=${COMMIT_CHECK_BASE:-c5c7b2bd87d8bb11c4302454d9e8f0f97e3e576d}
if git cat-file -e "$BASE^{commit}" 2>/dev/null; then
  range="$BASE..HEAD"
else
  # A shallow clone without the base: the newest commit is all that can be read.
  echo "check-commits: base $BASE not in this clone; checking HEAD only"
  range="-1 HEAD"
fi

# Past tense and third person of the verbs a subject most often starts with.
NOT_IMPERATIVE='^(Added|Adds|Fixed|Fixes|Removed|Removes|Updated|Updates|Changed|Changes|Moved|Moves|Made|Makes|Renamed|Renames|Replaced|Replaces|Improved|Improves|Refactored|Refactors|Deleted|Deletes|Created|Creates|Implemented|Implements|Merged|Merges|Kept|Keeps|Used|Uses|Tested|Tests|Documented|Documents|Dropped|Drops|Splits|Wrote|Writes)\b'

failures=0
fail() {
  echo "  $1: $2"
  failures=$((failures + 1))
}

# shellcheck disable=SC2086 # $range is one or two words on purpose
for sha in $(git rev-list --no-merges $range); do
  message=$(git log -1 --format=%B "$sha")
  subject=$(head -n 1 <<<"$message")
  second=$(sed -n 2p <<<"$message")
  short=${sha:0:7}
  [ "${#subject}" -le 72 ] || fail "$short" "subject is ${#subject} characters (at most 72): $subject"
  [[ "$subject" =~ \.$ ]] && fail "$short" "subject ends with a period: $subject"
  [[ "$subject" =~ ^[A-Z] ]] || fail "$short" "subject starts with a capital letter: $subject"
  [[ "$subject" =~ $NOT_IMPERATIVE ]] && fail "$short" "subject in the imperative (\"Add\", not \"Added\"): $subject"
  [ -z "$second" ] || fail "$short" "a blank line between the subject and the body"
  grep -qiE '\bissue #?[0-9]+' <<<"$message" && fail "$short" "names an issue number"
done

if [ "$failures" -gt 0 ]; then
  echo "check-commits: $failures problem(s) in commit messages since ${BASE:0:7} (see CONTRIBUTING.md)"
  exit 1
fi
echo "check-commits: messages since ${BASE:0:7} follow the convention"
