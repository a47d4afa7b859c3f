#!/bin/sh
# The shipped rule-variant reports: one command per assumption ([A]) field a game can be
# played under another value of. Same seed, same files. Run from the project's root:
#   sh data/variants/commands.sh
# (one core each: about 20 minutes on the machine that made them). A report already made
# is kept: delete it to make it again.
set -e
run() {  # run GAME ARGS…, unless its report (the last argument) is already there
  for last; do :; done
  [ -f "$last" ] || python -m engine variants --workers 1 "$@"
}
V=run
N=400   # games per setting: a seat's win share within about ±5 points
NO=400  # Owner's Choice: the same
NS=200  # Stock Hold'em games are about six times slower: ±7 points
OUT=${OUT:-data/variants}  # where the reports go
S="--seed 1"

$V stack5 --field colours --value RBGY --games $N $S --out $OUT/stack5/colours.json
$V stack5 --field numbers --value 6 --games $N $S --out $OUT/stack5/numbers.json
$V stack5 --field copies --value 4 --games $N $S --out $OUT/stack5/copies.json
$V stack5 --field draw3 --value 2 --games $N $S --out $OUT/stack5/draw3.json
$V stack5 --field number_bombs --value 3 --games $N $S --out $OUT/stack5/number_bombs.json
$V stack5 --field colour_bombs --value 3 --games $N $S --out $OUT/stack5/colour_bombs.json
$V stack5 --field steals --value 2 --games $N $S --out $OUT/stack5/steals.json
$V stack5 --field min_draw_counts --games $N $S --out $OUT/stack5/min_draw_counts.json
$V stack5 --field draw3_joker --games $N $S --out $OUT/stack5/draw3_joker.json
$V stack5 --field steal_from --games $N $S --out $OUT/stack5/steal_from.json

$V owners_choice --field fund_start --value 100 --games $NO $S --out $OUT/owners_choice/fund_start.json
$V owners_choice --field move_range_players --games $NO $S --out $OUT/owners_choice/move_range_players.json
$V owners_choice --field president_timing --games $NO $S --out $OUT/owners_choice/president_timing.json
$V owners_choice --field no_president --games $NO $S --out $OUT/owners_choice/no_president.json
$V owners_choice --field sale_tie_active_last --games $NO $S --out $OUT/owners_choice/sale_tie_active_last.json
$V owners_choice --field bankrupt_on_overshoot --games $NO $S --out $OUT/owners_choice/bankrupt_on_overshoot.json
$V owners_choice --field last_player_may_leave --games $NO $S --out $OUT/owners_choice/last_player_may_leave.json
$V owners_choice --field max_trades_per_turn --value 5 --games $NO $S --out $OUT/owners_choice/max_trades_per_turn.json

$V whist --field whist_target --rule variant=whist4 --games $N $S --out $OUT/whist/whist_target.json
$V whist --field honours_after_tricks --rule variant=whist4 --games $N $S --out $OUT/whist/honours_after_tricks.json
$V whist --field tricks_before_honours --rule variant=whist4 --games $N $S --out $OUT/whist/tricks_before_honours.json
$V whist --field jokers_follow_trump --games $N $S --out $OUT/whist/jokers_follow_trump.json
$V whist --field high_game_trump --rule variant=whist2 --games $N $S --out $OUT/whist/high_game_trump.json
$V whist --field two_player_honours --rule variant=whist2 --games $N $S --out $OUT/whist/two_player_honours.json

$V stock_holdem --field start_price --value 15 --games $NS $S --out $OUT/stock_holdem/start_price.json
$V stock_holdem --field card_back_parity --games $NS $S --out $OUT/stock_holdem/card_back_parity.json
$V stock_holdem --field stock_up_per_company --value 2 --games $NS $S --out $OUT/stock_holdem/stock_up_per_company.json
$V stock_holdem --field bear_with_four_of_a_number --games $NS $S --out $OUT/stock_holdem/bear_with_four_of_a_number.json
$V stock_holdem --field straights_wrap --games $NS $S --out $OUT/stock_holdem/straights_wrap.json
$V stock_holdem --field bull_counts_as_ten --games $NS $S --out $OUT/stock_holdem/bull_counts_as_ten.json
$V stock_holdem --field free_action_after_buy --games $NS $S --out $OUT/stock_holdem/free_action_after_buy.json
$V stock_holdem --field peek_hands --games $NS $S --out $OUT/stock_holdem/peek_hands.json
