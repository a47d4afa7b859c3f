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
# the edition's tables, each against one change a table might make (a list in TOML)
# the stock track rising by $10 all the way to the top ($250 instead of $300)
$V owners_choice --field track_prices --value '[40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190,200,210,220,230,240,250]' --games $NO $S --out $OUT/owners_choice/track_prices.json
# every dividend $10 higher
$V owners_choice --field track_dividends --value '[20,20,20,30,30,30,40,40,40,40,50,50,50,60,60,60,70,70,80,80,90,100]' --games $NO $S --out $OUT/owners_choice/track_dividends.json
# the same spaces in the opposite order between START and GOAL
$V owners_choice --field board --value '["START","EVENT","PRESIDENT","DIVIDEND","ALL","EVENT","PRESIDENT","G","B","DIVIDEND","Y","EVENT","R","ALL","G","PRESIDENT","B","EVENT","Y","DIVIDEND","R","ALL","G","B","EVENT","Y","PRESIDENT","R","DIVIDEND","ALL","G","B","EVENT","Y","R","GOAL"]' --games $NO $S --out $OUT/owners_choice/board.json
# a president die without its -1 face (a third +1 instead)
$V owners_choice --field president_die --value '["+1","+1","+2","+3","+1","dividend"]' --games $NO $S --out $OUT/owners_choice/president_die.json
# a fund die without its all/-3 face (a second 150/-2 instead)
$V owners_choice --field fund_die --value '["50/-1","50/-1","100/-1","100/-2","150/-2","150/-2"]' --games $NO $S --out $OUT/owners_choice/fund_die.json
# an event die without its pay50 face (a second all+1 instead)
$V owners_choice --field event_die --value '["all+1","all-1","lowest+2","highest-2","all+1","dividends"]' --games $NO $S --out $OUT/owners_choice/event_die.json

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
# labels: names cannot change play (the same games, move for move)
$V stock_holdem --field symbol_names --value '["star","moon","sun","leaf"]' --games $NS $S --out $OUT/stock_holdem/symbol_names.json
$V stock_holdem --field company_names --value '["P","Q","R","S","T","U"]' --games $NS $S --out $OUT/stock_holdem/company_names.json
