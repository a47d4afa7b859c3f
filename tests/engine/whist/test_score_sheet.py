import pytest

from engine import EngineError, simulate
from engine.core.records import final_state
from engine.whist.history import deals_frame, history
from engine.whist.score_sheet import ScoreSheet


def test_bid_sheet_totals_and_minus_seven():
    s = ScoreSheet("bid4")
    s.add_bid(1, 4, "notrump", 9)  # set: -8
    assert s.totals() == (0, -8)
    assert s.result() == "East–West loses with -8 (reached -7); North–South wins"
    with pytest.raises(EngineError, match="game is over"):
        s.add_bid(0, 3, "uptown", 9)
    s.undo()
    assert s.result() is None and s.frame().height == 0


def test_whist_sheet_honours_bar():
    s = ScoreSheet("whist4")
    assert s.add_whist(8, honours_side=1, honours=4) == (2, 4)
    assert s.add_whist(6, honours_side=1, honours=3) == (0, 1)  # side 1 at 5 > bar: none
    assert s.result() == "East–West wins with 5 (target 5)"
    t = ScoreSheet("whist4")
    t.add_whist(2, honours_side=0, honours=3)  # side 1 takes 11: 5 points wins first
    assert t.totals() == (0, 5)


def test_two_player_sheet_and_csv_round_trip():
    s = ScoreSheet("whist2")
    s.add_two_player_whist("high", 5, declarer=0)
    s.add_two_player_whist("low", 4)
    back = ScoreSheet.from_csv(s.to_csv())
    assert back.totals() == s.totals() == (3, 4)
    assert back.frame()["total 1"].to_list() == [4, 4]


@pytest.mark.parametrize(
    "text, match",
    [
        ("a,b\n1,2\n", "header"),
        ("variant,declarer,bid,kind,books\nbid4,0,9,uptown,9\n", "line 2: bid 9"),
        ("variant,declarer,bid,kind,books\nbid4,0,x,uptown,9\n", "'x'"),
        ("variant,declarer,bid,kind,books\n", "no deals"),
    ],
)
def test_csv_errors(text, match):
    with pytest.raises(EngineError, match=match):
        ScoreSheet.from_csv(text)


def test_sheet_matches_the_game():
    """Entering a simulated game's deals in a sheet gives the game's scores."""
    for variant, n in (("bid4", 4), ("whist4", 4), ("whist2", 2), ("bid2", 2)):
        rec = simulate("whist", seed=3, players=["heuristic", "random"] * (n // 2), variant=variant)
        st = final_state(rec)
        sheet = ScoreSheet(variant)
        for d in st.deal_log:
            if variant.startswith("bid"):
                words = d["contract"].split()
                kind = "notrump" if words[1] == "no" else words[1]
                side = d["declarer"] % 2
                sheet.add_bid(side, int(words[0]), kind, d["books"][side])
            elif variant == "whist4":
                hon = d["honours"]
                side = 0 if hon[0] else (1 if hon[1] else None)
                count = {0: 0, 2: 3, 4: 4}[max(hon)] if side is not None else 0
                sheet.add_whist(d["books"][0], side, count)
            else:
                game = "low" if d["contract"] == "low" else "high"
                sheet.add_two_player_whist(
                    game, d["books"][0], d["declarer"] if game == "high" else None
                )
        assert list(sheet.totals()) == st.scores
        assert sheet.result() is not None


def test_history_columns_and_deals_frame():
    rec = simulate("whist", seed=5, players=["heuristic", "random"] * 2)
    df = history(rec)
    assert df.height == len(rec.actions) + 1
    assert df["score_0"][-1] == rec.result["scores"][0]
    frame = deals_frame([rec])
    assert frame.height == final_state(rec).deal_no
    assert set(frame["kind"].to_list()) <= {"uptown", "downtown", "notrump"}


def test_honours_bar_field_changes_the_bar():
    from engine.whist.rules import WhistRules

    after = ScoreSheet("whist4", WhistRules(variant="whist4", honours_after_tricks=True))
    after.add_whist(6, honours_side=1, honours=0)  # side 1: 7 tricks, 1 point
    after.add_whist(6, honours_side=1, honours=0)  # 2 points
    assert after.add_whist(5, honours_side=1, honours=4) == (0, 2)  # 2 + 2 = 4: honours barred
    before = ScoreSheet("whist4", WhistRules(variant="whist4", honours_after_tricks=False))
    before.add_whist(6, honours_side=1, honours=0)
    before.add_whist(6, honours_side=1, honours=0)
    assert before.add_whist(5, honours_side=1, honours=4) == (0, 2 + 4)
    assert before.result() == "East–West wins with 8 (target 5)"


def test_csv_import_refuses_a_huge_field_with_a_message_not_a_csv_error():
    from engine.whist.score_sheet import ScoreSheetError

    huge = 'variant,declarer,bid,kind,books\nbid4,0,4,"' + "x" * 140_000 + '",9\n'
    with pytest.raises(ScoreSheetError, match="at most 200"):
        ScoreSheet.from_csv(huge)
    unterminated = 'variant,declarer,bid,kind,books\nbid4,0,4,"' + "x" * 200_000
    with pytest.raises(ScoreSheetError):
        ScoreSheet.from_csv(unterminated)


def test_csv_import_caps_file_size_and_deal_count():
    from engine.whist.score_sheet import MAX_CSV_CHARS, MAX_CSV_ROWS, ScoreSheetError

    with pytest.raises(ScoreSheetError, match="at most 1,000,000"):
        ScoreSheet.from_csv("variant\n" + "bid4\n" * (MAX_CSV_CHARS // 5 + 1))
    made_then_set = "bid4,0,3,uptown,9\nbid4,0,3,uptown,8\n"  # +3, -3: never ends
    rows = "variant,declarer,bid,kind,books\n" + made_then_set * (MAX_CSV_ROWS // 2)
    assert len(ScoreSheet.from_csv(rows).entries) == MAX_CSV_ROWS
    with pytest.raises(ScoreSheetError, match="2,000 deals"):
        ScoreSheet.from_csv(rows + "bid4,0,3,uptown,9\n")


@pytest.mark.parametrize(
    "row",
    [
        "bid4,0,²,uptown,9",
        "bid4,0," + "4" * 5000 + ",uptown,9",
        "bid4,0,٤,uptown,9",
        "bid4,0,4,uptown,9,extra",
        "bid4,0,4",
        "nope,0,4,uptown,9",
        "bid4,7,4,uptown,9",
    ],
)
def test_csv_import_junk_cells_are_refused_as_engine_errors(row):
    from engine.whist.score_sheet import ScoreSheetError

    with pytest.raises(ScoreSheetError, match="line 2"):
        ScoreSheet.from_csv("variant,declarer,bid,kind,books\n" + row + "\n")


def test_side_names_default_editable_and_used_in_the_result():
    sheet = ScoreSheet("bid4", names=["Ann & Bo", ""])
    assert sheet.names == ("Ann & Bo", "East–West")
    sheet.add_bid(0, 7, "uptown", 13)
    assert sheet.result() == "Ann & Bo wins with 7 (reached +7)"
    assert sheet.frame()["deal entered"].to_list() == ["Ann & Bo: 7 uptown, 13 books"]
    assert ScoreSheet("whist2").names == ("Player 1", "Player 2")
    back = ScoreSheet.from_csv(sheet.to_csv(), names=("NS", "EW"))
    assert back.result() == "NS wins with 7 (reached +7)"
    with pytest.raises(EngineError, match="different names"):
        ScoreSheet("bid4", names=("Us", " us "))
    with pytest.raises(EngineError, match="at most 40"):
        ScoreSheet("bid4", names=("x" * 41, "EW"))


def test_books_follow_the_bid_made_or_set_before_adding():
    from engine.whist.score_sheet import bid_outcome

    assert bid_outcome(5, "uptown", 11) == (11, True, 5)  # the preset books just make it
    assert bid_outcome(5, "uptown", 10) == (11, False, -5)  # one short: set
    assert bid_outcome(5, "notrump", 10) == (11, False, -10)


def test_an_exported_sheet_carries_points_totals_and_names_and_reads_back():
    import csv
    import io

    sheet = ScoreSheet("bid4", names=("Aiko, Ben", "Chen & Dai"))
    sheet.add_bid(declarer_side=0, bid=4, kind="uptown", books=11)
    sheet.add_bid(declarer_side=1, bid=3, kind="notrump", books=8)
    rows = list(csv.DictReader(io.StringIO(sheet.to_csv(report=True))))
    assert [(r["points_0"], r["points_1"], r["total_0"], r["total_1"]) for r in rows] == [
        ("5", "0", "5", "0"),
        ("0", "-6", "5", "-6"),
    ]
    assert {(r["name_0"], r["name_1"]) for r in rows} == {("Aiko, Ben", "Chen & Dai")}
    back = ScoreSheet.from_csv(sheet.to_csv(report=True))
    assert back.totals() == (5, -6) and back.names == ("Aiko, Ben", "Chen & Dai")
    # the points are re-scored, never trusted: an edited points cell changes nothing
    edited = sheet.to_csv(report=True).replace(",5,0,5,0,", ",9,0,9,0,")
    assert ScoreSheet.from_csv(edited).totals() == (5, -6)
    assert "points_0" not in sheet.to_csv()  # what the store keeps is unchanged


def test_a_bid_is_made_with_books_needed_everywhere():
    """One rule, "a bid needs 6 + bid books": the score sheet's verdict, the points' sign and
    the book count the page presets all follow ``books_needed``."""
    from engine.whist.score_sheet import bid_outcome
    from engine.whist.scoring import books_needed

    assert [books_needed(b) for b in range(3, 8)] == [9, 10, 11, 12, 13]
    for bid in range(3, 8):
        for kind in ("uptown", "downtown", "notrump"):
            for books in range(14):
                need, made, points = bid_outcome(bid, kind, books)
                assert need == books_needed(bid)
                assert made == (books >= books_needed(bid)) == (points > 0)
