#!/bin/sh
# olympanalyt_check.sh -- compare podium's Olympic tables from Kaggle's
# athlete_events.csv (one row per athlete and event, team members
# repeated) imported with --teams infer against the OlympAnalyt medallist
# file (one row per medal, with the event's gender), imported as medals,
# for every Summer and Winter Games 1952-2016.
#
# Both go through podium: athlete_events.csv into one store, each Games of
# the OlympAnalyt file into another (import medals --where year= --where
# season=), and 'podium diff' of each Games, which counts one team spelt
# two ways as one (data/npc_history.tsv).  Prints one line per Games and
# NOC that differs ("OG2008 RUS: Gold 23 24, ..."), then the count; exits
# 0 either way (the note in docs/data-truth.md says why each differs), 2
# when an import fails; skips (exit 0, saying so) without ../shared.
#
# usage: tests/olympanalyt_check.sh [PODIUM [EXTERNAL_DIR]]
set -u
here=$(cd -P "$(dirname "$0")" && pwd)
top=$(cd -P "$here/.." && pwd)
podium=${1:-$top/podium}
ext=${2:-$top/../shared/data/external}
ae=$ext/olympics-120-years-athlete-events/athlete_events.csv.gz
oa=$ext/olympics-medalists-1896-2024-olympanalyt/all_olympic_medalists.csv

if [ ! -f "$ae" ] || [ ! -f "$oa" ]; then
	echo "skip: $ae or $oa is not here (../shared is absent)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

PODIUM_DB=$tmp/ae.db "$podium" import athlete-events "$ae" --teams infer \
	2>"$tmp/err" || { cat "$tmp/err"; exit 2; }
games=$(PODIUM_DB=$tmp/ae.db "$podium" games | cut -f1 | sort)
n=0
total=0
for g in $games; do
	year=${g#O?}
	[ "$year" -ge 1952 ] && [ "$year" -le 2016 ] || continue
	case $g in
	OG*) season=Summer ;;
	*) season=Winter ;;
	esac
	PODIUM_DB=$tmp/oa.db "$podium" import medals "$oa" --games "$g" \
		--where "year=$year" --where "season=$season" \
		--source olympanalyt 2>"$tmp/err" ||
		{ cat "$tmp/err"; exit 2; }
	PODIUM_DB=$tmp/oa.db "$podium" table --games "$g" --format csv \
		--lang en >"$tmp/$g.csv" || exit 2
	PODIUM_DB=$tmp/ae.db "$podium" diff --lang en "$g" "$tmp/$g.csv" \
		>"$tmp/diff" 2>/dev/null
	# the NPC lines: "CODE Name: Gold A B, Silver A B, Bronze A B"
	grep ': Gold ' "$tmp/diff" | sed "s/^/$g /" >"$tmp/lines"
	cat "$tmp/lines"
	total=$((total + $(wc -l <"$tmp/lines")))
	n=$((n + 1))
done
echo "athlete_events --teams infer vs olympanalyt: $n Games 1952-2016," \
	"$total Games x NOC difference(s)"
exit 0
