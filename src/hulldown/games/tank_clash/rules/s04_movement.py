"""§4 Movement (docs/rules/tank-clash.md).

A mixin of the state: the legality and the effect of this chapter's clauses.
"""

from __future__ import annotations

from mypy_extensions import trait

from hulldown.engine.state import Action, Event, mark_reveal
from hulldown.games.tank_clash.actions import HEX_NAMES, MOVE_ACT, TANK_IDS
from hulldown.games.tank_clash.fields import AIRDROP_HEXES, StateFields
from hulldown.games.tank_clash.rules.s01_battlefield import DIST, SIZE, WITHIN, ReachEntry, ReachPaths, spread


@trait
class Sec4Movement(StateFields):
    __slots__ = ()

    def _reach(self, t: int, bonus: int, limit: int = 0) -> tuple[int, ...]:
        """§4.1-4.4 Free hexes tank ``t`` can end its move on, nearest first.

        4.1 up to its speed (+ ``bonus``; ``limit`` replaces the speed); 4.2 rivers
        and houses block; 4.3 a tank that starts in a forest moves 1 hex, a tank
        entering a forest stops there; 4.4 friendly tanks may be passed, enemy
        tanks not, and no move ends on a tank.
        """
        return self._reach_entry(t, bonus, limit)[0]

    def _allowance(self, t: int, bonus: int, limit: int) -> int:
        """§4.1/4.3 how many hexes tank ``t`` may move: 1 from a forest, else its speed (+ bonus) or ``limit``."""
        if self.layout.forest[self.hex[t]]:
            return 1
        return limit or self.side_stats[t // 5][self.kind[t]][2] + bonus

    def _reach_entry(self, t: int, bonus: int, limit: int) -> ReachEntry:
        """§4.1 The reach of ``_reach`` with a slot per tank for its move actions.

        The answer depends only on the terrain and on the tanks within ``allowance``
        hexes, so it is cached under exactly that (shared by every state on this
        terrain): random play and search ask the same question very often.
        """
        start = self.hex[t]
        allowance = self._allowance(t, bonus, limit)
        # only the tanks within the allowance can matter: their hexes are the key (as bit masks)
        area = WITHIN[allowance][start]
        seat = t // 5
        enemy_near = self.occ_mask[1 - seat] & area
        key = enemy_near << 12 | allowance << 8 | start  # an int: cheaper than a tuple, not tracked by gc
        paths = self.layout.reach.get(key)
        if paths is None:
            paths = self._new_paths(key, start, allowance, enemy_near)
        # friendly tanks do not block (4.4), they only take the hexes they stand on out of the answer
        own = self.occ_mask[seat] & paths[1]
        got = paths[2].get(own)
        if got is None:
            got = paths[2][own] = self._new_entry(paths, own)
        return got

    def _new_paths(self, key: int, start: int, allowance: int, enemy_near: int) -> ReachPaths:
        """§4.1 Search a reach the shared table does not hold yet and keep it there."""
        table = self.layout.reach
        if len(table) > 100_000:
            table.clear()
        hexes = self._search_reach(start, allowance, enemy_near)
        mask = 0
        for h in hexes:
            mask |= 1 << h
        paths = table[key] = (hexes, mask, {})
        return paths

    @staticmethod
    def _new_entry(paths: ReachPaths, own: int) -> ReachEntry:
        """§4.4 The hexes of a reach that no friendly tank stands on, with a slot per tank for its actions."""
        if not own:
            return paths[0], [None] * 10
        return tuple([h for h in paths[0] if not (own >> h) & 1]), [None] * 10

    def _search_reach(self, start: int, allowance: int, enemy: int) -> tuple[int, ...]:
        """§4.2-4.4 Every hex reachable around the enemy tanks in ``enemy`` (a bit mask), friendly ones
        included, nearest first: a breadth-first search on bit masks, one ring per step."""
        layout = self.layout
        allowed = layout.passable_mask & ~enemy  # 4.2 terrain, 4.4 enemy tanks block
        stops = layout.forest_mask  # 4.3 a tank entering a forest stops there
        seen = front = 1 << start
        out: list[int] = []
        for _ in range(allowance):
            ring = spread(front) & allowed & ~seen
            if not ring:
                break
            seen |= ring
            front = ring & ~stops
            while ring:
                low = ring & -ring
                out.append(low.bit_length() - 1)
                ring ^= low
        return tuple(out)

    def movement_range(self, t: int, bonus: int = 0) -> list[int]:
        """§4.1 The hexes tank ``t`` may end a move on, in board order (tools and tests)."""
        return sorted(self._reach(t, bonus))

    def _move_actions(self, t: int, bonus: int) -> list[Action]:
        """§4.1 The move actions of tank ``t`` (cached beside its reach; callers never mutate it)."""
        if bonus == 0:
            return self._plain_moves(t)
        entry = self._reach_entry(t, max(bonus, 0), AIRDROP_HEXES if bonus < 0 else 0)
        return self._entry_actions(t, entry)

    def _entry_actions(self, t: int, entry: ReachEntry) -> list[Action]:
        """§4.1 The move actions of tank ``t`` to the hexes of a reach, built once beside it."""
        per_tank = entry[1]
        got = per_tank[t]
        if got is None:
            row = MOVE_ACT[t]
            got = per_tank[t] = [row[h] for h in entry[0]]
        return got

    def _plain_moves(self, t: int) -> list[Action]:
        """§4.1 Tank ``t``'s ordinary move actions, remembered with what they depend on (its hex
        and the tanks within its allowance) so that later asks in this line of play are free.

        ``_reach_entry`` and ``_entry_actions`` written out in one piece: this is the
        hottest path of random play.
        """
        start = self.hex[t]
        layout = self.layout
        seat = t // 5
        allowance = 1 if layout.forest[start] else self.side_stats[seat][self.kind[t]][2]
        area = WITHIN[allowance][start]
        occ = self.occ_mask
        enemy_near = occ[1 - seat] & area
        self.mv_hex[t] = start
        self.mv_area[t] = area2 = area | area << SIZE
        self.mv_sig[t] = (occ[seat] | occ[1 - seat] << SIZE) & area2
        key = enemy_near << 12 | allowance << 8 | start
        paths = layout.reach.get(key)
        if paths is None:
            paths = self._new_paths(key, start, allowance, enemy_near)
        own = occ[seat] & paths[1]
        entry = paths[2].get(own)
        if entry is None:
            entry = paths[2][own] = self._new_entry(paths, own)
        got = entry[1][t]
        if got is None:
            row = MOVE_ACT[t]
            got = entry[1][t] = [row[h] for h in entry[0]]
        self.mv[t] = got
        return got

    def _move(self, t: int, dest: int, events: list[Event], boosted: bool = False) -> None:
        """§4.1 Tank ``t`` moves to ``dest``; arriving may capture or repair (clause 6), and under
        fog of war (13.2) a move may reveal or show that it is no heavy tank."""
        frm = self.hex[t]
        shows = self.concealed[t] and self._shows_speed(t, dest, self.pm_bonus if boosted else 0)
        if not boosted and DIST[frm * SIZE + dest] >= 3:
            self.fast[t] = True  # public: a plain move of 3 hexes shows it is no heavy tank
        self.relocate(t, dest)
        ev = {"type": "moved", "to": "all", "tank": TANK_IDS[t], "from": HEX_NAMES[frm], "to_hex": HEX_NAMES[dest]}
        events.append(mark_reveal(ev) if shows else ev)
        self._arrive(t, events)
        if self._options["fog_of_war"]:
            self._check_reveals_of(t, events)
            if self._may_have_faced(t):
                self.declare_reveal()
