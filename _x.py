from engine.aod.commands import SpecialMove
from engine.aod.closecombat import SpecialKind as K
from engine.hexes import Facing, Hex
from engine.aod.terrain import HexTerrain
from tests.engine.aod._game import arrange, play, setup
from tests.engine.aod._combat import armed
from engine.aod.rules import legal_commands
N, NE, SE, S, SW, NW = Facing
H=Hex.from_label
G = armed(["HX-010", "HX-009", "HX-005"], ["HX-009", "HX-010", "HX-011", "HX-001"], terrain={"0504": HexTerrain(elevated=True, feature=3)})
import engine.aod.state as stt
print(stt.unit_idents(G))
FAR = {"HX-010a": ("0110", S), "HX-009a": ("0112", S), "HX-005a": ("0114", S), "HX-009b": ("1818", N), "HX-010b": ("1618", N), "HX-011a": ("1418", N), "HX-001a": ("1218", N)}
def run(places, cmd, dice, game=G):
    st = arrange(game, {**FAR, **places})
    print([c for c in legal_commands(st) if isinstance(c, SpecialMove)][:8])
    s2, ev = play(st, [cmd], dice=dice)
    for e in ev: print('  ', e)
    return s2
run({"HX-010a": ("0510", N), "HX-009b": ("0506", S)}, SpecialMove("HX-010a", K.CHARGE, H("0507"), N, "HX-009b"), [3,3,3])
run({"HX-010a": ("0510", N), "HX-009b": ("0506", N)}, SpecialMove("HX-010a", K.CHARGE, H("0507"), N, "HX-009b"), [3,3,3])
run({"HX-009a": ("0510", N), "HX-010b": ("0506", S)}, SpecialMove("HX-009a", K.DFA, H("0507"), N, "HX-010b"), [3,3,3,4])
run({"HX-005a": ("0510", N), "HX-010b": ("0506", S)}, SpecialMove("HX-005a", K.RAM, H("0507"), N, "HX-010b"), [3,3,3])
run({"HX-010a": ("0502", S), "HX-009b": ("0506", N)}, SpecialMove("HX-010a", K.CHARGE, H("0505"), S, "HX-009b"), [3,3,3])
