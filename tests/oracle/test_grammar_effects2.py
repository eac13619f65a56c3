"""Effects of instants, sorceries and modes (CR 115.7, 207.2c, 601.2d, 700.2, 701.23): real
Oracle sentences in, typed readings out."""

from __future__ import annotations

from analyzer.oracle import compile_card
from analyzer.oracle.grammar import parse_effects
from analyzer.oracle.objects import Zone
from tests.conftest import make_card


def _effects(sentence: str):  # type: ignore[no-untyped-def]
    found = parse_effects(sentence)
    assert found is not None, sentence
    return found


def _spell(name: str, text: str, types: tuple[str, ...] = ("Instant",)):  # type: ignore[no-untyped-def]
    profile = compile_card(make_card(name, text, types=types))
    assert profile.fully_understood, profile.unsupported
    return profile


class TestDistribute:
    def test_contagion(self) -> None:
        e, = _effects("Distribute two -2/-1 counters among one or two target creatures.")
        assert e.name == "distribute_counters" and e.arg("counter") == "-2/-1"
        assert e.arg("amount").value == 2
        target = e.arg("target")
        assert target.targeted and (target.count.low, target.count.high) == (1, 2)
        assert e.describe() == "distribute 2 -2/-1 counters among one or two target creatures"

    def test_biogenic_upgrade_then_double(self) -> None:
        first, second = _effects("Distribute three +1/+1 counters among one, two, or three "
                                 "target creatures, then double the number of +1/+1 counters "
                                 "on each of those creatures.")
        assert first.name == "distribute_counters" and first.arg("target").count.high == 3
        assert second.name == "double"

    def test_untargeted_keeps_its_objects(self) -> None:
        e, = _effects("Distribute three stun counters among any number of tapped "
                      "creatures your opponents control.")
        assert not e.arg("target").targeted


class TestChangeTargets:
    def test_deflection(self) -> None:
        e, = _effects("Change the target of target spell with a single target.")
        assert e.name == "change_targets" and e.arg("how") == "change"
        assert e.arg("target").filter.kind == "spell"
        assert "single target" in e.arg("target").filter.states

    def test_bolt_bend_spell_or_ability(self) -> None:
        e, = _effects("Change the target of target spell or ability with a single target.")
        assert e.name == "change_targets" and e.arg("target").targeted

    def test_redirect_may_choose_new_targets(self) -> None:
        e, = _effects("You may choose new targets for target instant or sorcery spell.")
        assert e.name == "change_targets" and e.optional
        assert e.arg("how") == "new targets"

    def test_without_single_target_is_not_read(self) -> None:
        # "target spell that targets only a player" says more than a single target
        assert parse_effects("Change the target of target spell.") is None


class TestSearchAndExileByName:
    def test_counterbore(self) -> None:
        p = _spell("Counterbore", "Counter target spell. Search its controller's graveyard, "
                   "hand, and library for all cards with the same name as that spell and "
                   "exile them. Then that player shuffles.")
        names = [e.name for e in p.effects()]
        assert names == ["counter", "search_exile_named", "shuffle"]
        e = p.effects()[1]
        assert e.arg("whose").text == "its controller" and e.arg("amount") == "all"
        assert e.arg("named") == "the same name as that spell"

    def test_memoricide_up_to_four(self) -> None:
        e, = _effects("Search target opponent's graveyard, hand, and library for up to four "
                      "cards with that name and exile them.")
        assert e.arg("whose").targeted and e.arg("amount") == "up to four"
        assert e.describe() == ("search target opponent's graveyard, hand, and library for "
                                "up to four cards with that name and exile them")

    def test_other_amount_is_not_read(self) -> None:
        assert parse_effects("Search target opponent's graveyard, hand, and library for a "
                             "card with that name and exile it.") is None


class TestModeNames:
    def test_battle_menu(self) -> None:
        p = _spell("Battle Menu", "Choose one —\n• Attack — Create a 2/2 white Knight "
                   "creature token.\n• Ability — Target creature gets +0/+4 until end of "
                   "turn.\n• Magic — Destroy target creature with power 4 or greater.\n"
                   "• Item — You gain 4 life.")
        choose = next(e for e in p.effects() if e.name == "choose_mode")
        modes = choose.arg("modes")
        assert [m.arg("effects")[0].name for m in modes] == [
            "create_token", "modify_pt", "destroy", "gain_life"]


class TestAlso:
    def test_also_after_subject(self) -> None:
        e, = _effects("If that creature is a Goat, it also gets +3/+0 until end of turn.")
        assert e.name == "modify_pt" and e.arg("power") == 3 and e.condition
        assert e.describe() == "if that creature is a Goat, it gets +3/+0 until end of turn"

    def test_also_deals_damage(self) -> None:
        e, = _effects("If the gift was promised, CARDNAME also deals 3 damage to that "
                      "creature's controller.")
        assert e.name == "deal_damage" and e.arg("amount").value == 3

    def test_also_at_clause_start(self) -> None:
        e, = _effects("If CARDNAME was cast from a graveyard, also put a +1/+1 counter on "
                      "each other creature you control.")
        assert e.name == "put_counters" and e.condition


class TestConditionalModeCount:
    def test_flame_of_anor(self) -> None:
        p = _spell("Flame of Anor", "Choose one. If you control a Wizard as you cast this "
                   "spell, you may choose two instead.\n• Target player draws two cards.\n"
                   "• Destroy target artifact.\n• Flame of Anor deals 5 damage to target "
                   "creature.")
        choose = next(e for e in p.effects() if e.name == "choose_mode")
        assert choose.arg("count") == ("one, or you may choose two instead if you control a "
                                       "Wizard as you cast this spell")
        assert len(choose.arg("modes")) == 3

    def test_unread_condition_keeps_the_line_unread(self) -> None:
        p = compile_card(make_card("X", "Choose one. If the moon is full, choose both "
                                   "instead.\n• Draw a card.\n• You gain 2 life.",
                                   types=("Instant",)))
        assert not p.fully_understood


class TestExileInsteadOfDying:
    def test_suplex_mode(self) -> None:
        p = _spell("Suplex", "Choose one —\n• Suplex deals 3 damage to target creature. If "
                   "that creature would die this turn, exile it instead.\n• Exile target "
                   "artifact.", types=("Sorcery",))
        choose = next(e for e in p.effects() if e.name == "choose_mode")
        first = choose.arg("modes")[0].arg("effects")
        assert [e.name for e in first] == ["deal_damage", "create_replacement"]

    def test_activated_ability(self) -> None:
        p = compile_card(make_card("Nine-Ringed Bo", "{T}: Nine-Ringed Bo deals 1 damage to "
                                   "target Spirit creature. If that creature would die this "
                                   "turn, exile it instead.", types=("Artifact",)))
        assert p.fully_understood, p.unsupported
        names = [e.name for a in p.abilities for e in a.effects]
        assert names == ["deal_damage", "create_replacement"]


class TestTieredAndExileWithCounters:
    def test_thunder_magic(self) -> None:
        p = _spell("Thunder Magic", "Tiered (Choose one additional cost.)\n• Thunder — {0} — "
                   "Thunder Magic deals 2 damage to target creature.\n• Thundara — {3} — "
                   "Thunder Magic deals 4 damage to target creature.\n• Thundaga — {5}{R} — "
                   "Thunder Magic deals 8 damage to target creature.")
        choose = next(e for e in p.effects() if e.name == "choose_mode")
        assert choose.arg("count") == "one (Tiered)"
        modes = choose.arg("modes")
        assert [m.name for m in modes] == ["tiered_mode"] * 3
        assert [str(m.arg("cost")) for m in modes] == ["{0}", "{3}", "{5}{R}"]
        assert [m.arg("effects")[0].arg("amount").value for m in modes] == [2, 4, 8]

    def test_arc_blade(self) -> None:
        e, = _effects("Exile CARDNAME with three time counters on it.")
        assert (e.name, e.arg("destination")) == ("change_zone", Zone.EXILE)
        assert e.arg("enters_with")


class TestEllipticalInstead:
    def test_burst_lightning(self) -> None:
        p = _spell("Burst Lightning", "Kicker {4}\nBurst Lightning deals 2 damage to any "
                   "target. If this spell was kicked, it deals 4 damage instead.")
        first, second = p.effects()
        assert second.name == "deal_damage" and second.arg("amount").value == 4
        assert second.arg("target").refers_back
        assert second.arg("target").filter == first.arg("target").filter
        assert second.condition == "if CARDNAME was kicked (instead)"

    def test_saproling_migration(self) -> None:
        p = _spell("Saproling Migration", "Kicker {4}\nCreate two 1/1 green Saproling "
                   "creature tokens. If this spell was kicked, create four of those tokens "
                   "instead.", types=("Sorcery",))
        first, second = p.effects()
        assert second.name == "create_token" and second.arg("amount").value == 4
        assert second.arg("token") == first.arg("token")

    def test_other_previous_effect_is_not_read(self) -> None:
        from analyzer.oracle.effects import Amount, Effect
        from analyzer.oracle.grammar.verbs_effects2 import elliptical_instead

        draw = Effect.make("draw", amount=Amount(1), player=None)
        assert elliptical_instead("If CARDNAME was kicked, it deals 4 damage instead.",
                                  (draw,)) is None


class TestPlayersAndStates:
    def test_fatigue(self) -> None:
        e, = _effects("Target player skips their next draw step.")
        assert e.name == "skip" and e.arg("what") == "draw step"
        assert e.arg("player").targeted

    def test_panther_pounce(self) -> None:
        e, = _effects("Target player investigates.")
        assert e.name == "investigate" and e.arg("player").text == "target player"

    def test_nonattacking_and_colored(self) -> None:
        e, = _effects("Untap target nonattacking creature.")
        assert e.name == "untap" and e.arg("target").filter.states == {"nonattacking"}
        e, = _effects("Each player sacrifices all colored permanents they control.")
        assert e.name == "sacrifice" and e.arg("filter").filter.states == {"colored"}


class TestOwnerOf:
    def test_cathartic_parting(self) -> None:
        moved, shuffle = _effects("The owner of target artifact or enchantment an opponent "
                                  "controls shuffles it into their library.")
        assert (moved.name, moved.arg("destination")) == ("change_zone", Zone.LIBRARY)
        assert shuffle.name == "shuffle"

    def test_possessive_owner(self) -> None:
        moved, shuffle = _effects("Target permanent's owner shuffles it into their library.")
        assert moved.name == "change_zone" and moved.arg("target").targeted
        assert shuffle.name == "shuffle" and shuffle.arg("player").text == "its owner"

    def test_owner_of_top_or_bottom(self) -> None:
        e, = _effects("The owner of target attacking creature you don't control puts it on "
                      "their choice of the top or bottom of their library.")
        assert e.arg("position") == "on top or bottom of"


class TestWishes:
    def test_cunning_wish(self) -> None:
        e, = _effects("You may choose an instant card you own from outside the game, reveal "
                      "that card, and put it into your hand.")
        assert e.name == "wish" and e.optional
        assert e.arg("filter").filter.types == {"Instant"}
        assert e.describe() == ("you may choose an instant card you own from outside the "
                                "game, reveal it, and put it into your hand")

    def test_death_wish(self) -> None:
        e, = _effects("You may choose a card you own from outside the game and put it into "
                      "your hand.")
        assert e.name == "wish" and e.arg("reveal") == " and"


class TestYouAndEach:
    def test_secret_rendezvous(self) -> None:
        mine, theirs = _effects("You and target opponent each draw three cards.")
        assert mine.name == theirs.name == "draw"
        assert mine.arg("player") is None and theirs.arg("player").text == "target opponent"
        assert theirs.arg("amount").value == 3

    def test_the_other_is_not_read(self) -> None:
        assert parse_effects("You and target opponent each gain control of all creatures "
                             "the other controls until end of turn.") is None


class TestKeywordActions:
    def test_airbend(self) -> None:
        e, = _effects("Airbend up to one other target nonland permanent.")
        assert e.name == "airbend" and e.arg("target").targeted
        assert e.arg("target").count.low == 0
        assert e.describe() == "airbend up to one other target nonland permanent"

    def test_explores_again(self) -> None:
        first, second = _effects("Target creature you control explores, then it explores "
                                 "again.")
        assert first.name == second.name == "explore"
        assert second.arg("target").text == "it"
