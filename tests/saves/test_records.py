"""Format 3's records: written by the record converter, read back by the header's table alone.

Every class of every ruleset round-trips through records (STYLE 13): written as records, read back
into the dictionaries of format 2 with the table in the header, structured as before. A damaged
record or table is one readable ValueError (the journal adds file and line).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.battletech.board import Board, Terrain, Woods
from engine.game import Command, Event
from saves.codec import PALETTE_MIN, make_converter, make_record_converter, record_shapes
from saves.journal import Journal, SaveError, read_game
from saves.records import Decoder
from tests.saves._support import (
    as_format_2,
    dump_line,
    join_lines,
    json_lines,
    strategy_for,
    write_journal,
)
from tests.saves.test_codec import Echoed, Scan, Scanned, ScanRules
from tests.support.race import RULESET, Moved, Pace, Step, Track

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "saves"


def rulesets() -> list[Any]:
    """Every ruleset a save can hold, the test ones included."""
    return [RULESET, ScanRules(), registry.get("battletech"), registry.get("papermech")]


def round_trip(rules: Any, value: object, base: type) -> object:
    """Write ``value`` as a record, as JSON text, and read it back with the table only."""
    written = json.loads(json.dumps(make_record_converter(rules).unstructure(value, base)))
    decoder = Decoder(json.loads(json.dumps(record_shapes(rules))))
    kind = "Command" if base is Command else "Event"
    plain = (
        decoder.tagged(written, kind)
        if base in (Command, Event)
        else decoder.value(written, record_shapes(rules)["setup"])
    )
    return make_converter(rules).structure(plain, base)


CLASSES = [
    (rules, cls, base)
    for rules in rulesets()
    if not isinstance(rules, ScanRules)  # its base-typed fields: the example test below
    for base, types in ((Command, rules.command_types), (Event, rules.event_types))
    for cls in types
]


@pytest.mark.parametrize(
    ("rules", "cls", "base"), CLASSES, ids=lambda v: getattr(v, "TAG", getattr(v, "name", None))
)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_command_and_event_round_trips_through_records(rules, cls, base, data):
    """decode(record(x)) structures back to x, for every command and event of every ruleset."""
    value = data.draw(strategy_for(cls))

    assert round_trip(rules, value, base) == value


@pytest.mark.parametrize("rules", [RULESET, registry.get("papermech")], ids=lambda r: r.name)
@settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_setup_round_trips_through_records(rules, data):
    """The header's setup too."""
    setup = data.draw(strategy_for(rules.setup_type))

    assert round_trip(rules, setup, rules.setup_type) == setup


def test_a_battletech_setup_round_trips_through_records():
    """The golden save's scenario: a real board (its hexes a palette) and real designs."""
    bt = registry.get("battletech")
    header = json.loads((GOLDEN / "v2-battletech.jsonl").read_bytes().split(b"\n", 1)[0])
    setup = make_converter(bt).structure(header["setup"], bt.setup_type)

    assert round_trip(bt, setup, bt.setup_type) == setup


def test_a_value_that_is_no_command_or_event_is_refused():
    """A field typed Event holding a bare Event (no tag) is a programming error, said plainly."""
    rules = ScanRules()
    bare = Echoed(Event())

    with pytest.raises(TypeError, match="Event is no command or event"):
        make_record_converter(rules).unstructure(bare, Event)


def test_a_record_is_its_tag_then_its_values_in_field_order():
    """``["moved", player, spaces, pace, [positions]]``: nested classes have no tag."""
    event = Moved(1, 3, Pace.ROLL, Track((4, 5)))

    assert make_record_converter(RULESET).unstructure(event, Event) == [
        "moved",
        1,
        3,
        "roll",
        [[4, 5]],
    ]


def test_a_base_typed_field_is_a_tagged_record():
    """A field typed ``Event`` or ``Command`` carries its tag, and the table says which base."""
    rules = ScanRules()
    shapes = record_shapes(rules)
    event = Echoed(Scanned(at=_hex(1, 2), seen=frozenset()), Scan(_hex(0, 0)))

    written = make_record_converter(rules).unstructure(event, Event)

    assert shapes["events"]["echoed"] == ["inner:@Event", "cause:@Command"]
    assert written == ["echoed", ["scanned", [1, 2], [], []], ["scan", [0, 0]]]


def _hex(q: int, r: int) -> Any:
    from engine.hexes import Hex  # noqa: PLC0415

    return Hex(q, r)


def test_a_board_is_a_palette_and_an_index():
    """A board's repeated hexes are written once each; the index keeps their order."""
    woods = Terrain(level=1, woods=Woods.LIGHT)
    hexes = (Terrain(),) * 10 + (woods,) + (Terrain(),) * 9
    board = Board(4, 5, hexes)
    bt = registry.get("battletech")

    written = make_record_converter(bt).unstructure(board, Board)

    assert written[2] == {
        "palette": [
            make_record_converter(bt).unstructure(Terrain(), Terrain),
            make_record_converter(bt).unstructure(woods, Terrain),
        ],
        "index": [0] * 10 + [1] + [0] * 9,
    }
    plain = Decoder(record_shapes(bt)).value(written, "Board")
    assert make_converter(bt).structure(plain, Board) == board


def test_a_short_or_varied_list_is_written_in_full():
    """Fewer than PALETTE_MIN records, or more than half of them distinct: a plain list."""
    bt = registry.get("battletech")
    varied = tuple(Terrain(level=n) for n in range(PALETTE_MIN))
    short = (Terrain(),) * (PALETTE_MIN - 1)

    for hexes in (varied, short):
        written = make_record_converter(bt).unstructure(Board(1, len(hexes), hexes), Board)
        assert isinstance(written[2], list)
        assert len(written[2]) == len(hexes)


def test_a_save_is_read_by_its_own_table_not_by_todays_classes(tmp_path):
    """A table whose fields come in another order still reads: names come from the file."""
    # Arrange: swap the order of Moved's first two fields in the table and in every record.
    path = tmp_path / "g.jsonl"
    write_journal(path, ["step 2", "step 1"]).close()
    header, *lines = json_lines(path.read_bytes())
    header["records"]["events"]["moved"] = ["spaces", "player", "pace", "track:Track"]
    for line in lines:
        for event in line["events"]:
            if event[0] == "moved":
                event[1], event[2] = event[2], event[1]

    # Act
    loaded = read_game(join_lines(dump_line(x) for x in [header, *lines]), "g.jsonl")

    # Assert: the same game as the file as written.
    assert loaded.game.state == read_game(path.read_bytes()).game.state


@pytest.mark.parametrize(
    ("change", "words", "line"),
    [
        (lambda h, _ls: h.pop("records"), "needs a 'records' table", 1),
        (lambda h, _ls: h.update(records=[]), "records table is not", 1),
        (lambda h, _ls: h["records"].update(setup=3), "names no setup", 1),
        (lambda h, _ls: h["records"]["events"].update(moved=[1]), "damaged", 1),
        (lambda h, _ls: h["records"]["values"].pop("Track"), "does not describe Track", 1),
        (lambda h, _ls: h.update(setup={"players": []}), "RaceSetup record", 1),
        (lambda _h, ls: ls[0].update(command=["jump"]), "unknown command type 'jump'", 2),
        (lambda _h, ls: ls[0].update(command={"type": "step"}), "expected a record", 2),
        (lambda _h, ls: ls[0]["events"][0].append(7), "moved record holds 5 values, not 4", 2),
        (lambda _h, ls: ls[0]["events"][0].__setitem__(4, 7), "Track record", 2),
        (lambda _h, ls: ls[0].update(events=[[]]), "expected a record", 2),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_damaged_records_are_a_save_error_with_line_and_reason(tmp_path, change, words, line):
    """A table or record that cannot be read is damage on its line, said in words."""
    path = tmp_path / "g.jsonl"
    write_journal(path, ["step 2", "step 1"]).close()
    header, *lines = json_lines(path.read_bytes())
    change(header, lines)

    with pytest.raises(SaveError) as caught:
        read_game(join_lines(dump_line(x) for x in [header, *lines]), "g.jsonl")

    assert caught.value.line == line
    assert words in caught.value.reason


def test_a_palette_index_outside_the_palette_is_damage():
    """An index that names no palette entry is refused, not wrapped round."""
    bt = registry.get("battletech")
    written = make_record_converter(bt).unstructure(Board.blank(4, 5), Board)
    written[2]["index"][3] = 1

    with pytest.raises(ValueError, match="palette and an index"):
        Decoder(record_shapes(bt)).value(written, "Board")


@pytest.mark.parametrize("game", ["battletech", "papermech"])
def test_the_v3_goldens_read_back_as_the_v2_goldens(game):
    """The same games in both formats: format 3's records read back are format 2's lines."""
    old_header, *old = json_lines((GOLDEN / f"v2-{game}.jsonl").read_bytes())
    new_header, *new = json_lines((GOLDEN / f"v3-{game}.jsonl").read_bytes())
    decoder = Decoder.for_header(new_header)

    read_back = [{k: v for k, v in decoder.line(line).items() if k != "seat"} for line in new]
    header = decoder.header(new_header)

    assert read_back == old  # the v2 goldens predate seats
    assert set(header) == set(old_header)
    assert header["setup"].keys() == old_header["setup"].keys()
    for key in header["setup"].keys() - {"units"}:  # a design names the folder of its file
        assert header["setup"][key] == old_header["setup"][key]


def test_a_format_2_save_goes_on_in_format_2(tmp_path):
    """A journal opened on an older file appends dictionaries, so the file stays one format."""
    # Arrange: a game written in format 2.
    path = tmp_path / "old.jsonl"
    write_journal(path, ["step 2"]).close()
    path.write_bytes(as_format_2(path.read_bytes()))

    # Act
    with Journal.open(path) as journal:
        journal.execute(Step(1))

    # Assert: the new line has field names, and the whole file loads.
    header, *lines = json_lines(path.read_bytes())
    assert header["version"] == 2
    assert lines[-1]["command"] == {"type": "step", "spaces": 1}
    assert read_game(path.read_bytes()).game.cursor == 2


def test_saves_with_one_table_share_one_decoder_and_a_damaged_table_is_still_refused():
    """The browser lists hundreds of saves: a decoder is built once per distinct records table."""
    header = json.loads((GOLDEN / "v3-papermech.jsonl").read_text(encoding="utf-8").splitlines()[0])
    same = json.loads(json.dumps(header))  # an equal table, another object (another file)
    first = Decoder.for_header(header)
    assert Decoder.for_header(same) is first
    assert first.header(header)["setup"] == Decoder(header["records"]).header(header)["setup"]
    damaged = {**header, "records": {**header["records"], "setup": 5}}
    with pytest.raises(ValueError, match="names no setup"):
        Decoder.for_header(damaged)
    with pytest.raises(ValueError, match="names no setup"):
        Decoder.for_header(damaged)  # not kept: refused every time
