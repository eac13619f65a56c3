"""The clause grammar's core (issue 15): lexer, noun phrases, frames, clauses, sentences,
costs, activation restrictions, gates, modes, honest "fully understood"."""

from __future__ import annotations

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle import compile_card
from analyzer.oracle.abilities import ActivatedAbility, SpellAbility, StaticAbility, Timing
from analyzer.oracle.costs import parse_costs
from analyzer.oracle.effects import Duration
from analyzer.oracle.grammar import infer_origins, parse_clause, parse_effects
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import tokenize, untokenize
from analyzer.oracle.lines import read_activated, read_timings
from analyzer.oracle.objects import Owner, Zone, parse_object


def _card(name: str, text: str, types: tuple[str, ...] = ("Creature",),
          subtypes: tuple[str, ...] = (), keywords: tuple[str, ...] = ()) -> Card:
    type_line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    return Card(id=name, name=name, keywords=keywords, faces=(Face(
        name=name, type=type_line, types=types, subtypes=subtypes, text=text,
        keywords=keywords),))


class TestLexer:
    def test_tokens_keep_possessives_mana_and_quotes_apart(self) -> None:
        tokens = tokenize('Target player\'s creatures have "{T}: Add {G}." and get +1/+1.')
        assert [t.kind for t in tokens] == ["WORD", "WORD", "POSS", "WORD", "WORD", "QUOTE",
                                            "WORD", "WORD", "PT", "."]
        assert tokens[5].text == "{T}: Add {G}."

    def test_round_trip(self) -> None:
        text = "Exile target creature an opponent controls. Its owner's graveyard, {2}{U}."
        assert untokenize(tokenize(text)) == text

    def test_plural_possessive(self) -> None:
        assert untokenize(tokenize("their owners' hands")) == "their owners' hands"


class TestNounPhrases:
    def test_determiner_core_and_post_modifiers(self) -> None:
        ref = parse_object("up to two target nonland permanents you don't control")
        assert ref is not None and ref.targeted and ref.count.low == 0 and ref.count.high == 2
        assert ref.filter.excluded_types == {"Land"} and ref.filter.owner is Owner.NOT_YOU

    def test_keywords_counters_and_comparisons_are_typed(self) -> None:
        flyers = parse_object("creatures you control with flying")
        assert flyers is not None and flyers.filter.keywords == {"flying"}
        assert flyers.count.each
        counters = parse_object("each creature with a +1/+1 counter on it")
        assert counters is not None and counters.filter.counter == "+1/+1"
        smaller = parse_object("target creature with power less than CARDNAME's power")
        assert smaller is not None
        (comparison,) = smaller.filter.comparisons
        assert (comparison.attribute, comparison.op, comparison.quantity.kind) == \
            ("power", "<", "attribute")

    def test_zone_of_a_card(self) -> None:
        ref = parse_object("target creature card with mana value 3 or less from your graveyard")
        assert ref is not None and ref.filter.zone is Zone.GRAVEYARD
        assert ref.filter.mana_value == ("<=", 3) and ref.filter.owner is Owner.YOU

    def test_a_list_of_two_kinds_keeps_both(self) -> None:
        ref = parse_object("each creature and each planeswalker")
        assert ref is not None and ref.count.each
        assert [f.types for f in ref.filter.any_of] == [{"Creature"}, {"Planeswalker"}]

    def test_a_bare_singular_is_not_a_phrase(self) -> None:
        assert parse_object("creature you control") is None
        assert parse_object("the moon") is None

    def test_players_with_a_relative_clause(self) -> None:
        ref = parse_object("each opponent who lost life this turn")
        assert ref is not None and ref.filter.kind == "opponent"
        assert "lost life this turn" in ref.filter.states

    def test_the_top_cards_of_a_library(self) -> None:
        ref = parse_object("the top three cards of target player's library")
        assert ref is not None and ref.filter.zone is Zone.LIBRARY and ref.count.low == 3


class TestFrames:
    def test_slots_read_exact_spans(self) -> None:
        pattern = Pattern("{who:player?} draw|draws {n:amount} card|cards")
        tokens = tokenize("target opponent draws two cards")
        found = pattern.match(tokens, 0, len(tokens))
        assert found is not None and found["who"].text == "target opponent"
        assert found["n"].value == 2
        assert pattern.match(tokenize("draw a spell"), 0, 3) is None

    def test_multi_word_alternatives(self) -> None:
        pattern = Pattern("without paying its|that_card's mana cost")
        tokens = tokenize("without paying that card's mana cost")
        assert pattern.match(tokens, 0, len(tokens)) == {}


class TestClauses:
    def test_modifiers_are_read_around_the_frame(self) -> None:
        clause = parse_clause("Until end of turn, target creature gets +2/+0")
        assert clause is not None and clause.verb == "get"
        assert clause.modifier("duration") is Duration.END_OF_TURN

    def test_a_modifier_no_effect_takes_makes_the_clause_unread(self) -> None:
        # "at random" can't apply to drawing: never dropped, the clause is unread.
        assert parse_effects("Draw a card at random.") is None

    def test_you_may_after_a_leading_duration(self) -> None:
        (effect,) = parse_effects("Until end of turn, you may play that card.")
        assert effect.name == "may_play" and effect.arg("duration") is Duration.END_OF_TURN

    def test_a_condition_written_after_the_clause(self) -> None:
        (effect,) = parse_effects("Draw a card if you control a Wizard.")
        assert effect.name == "draw" and effect.condition == "if you control a Wizard"

    def test_floating_each(self) -> None:
        effects = parse_effects("Two target creatures you control each get +2/+2 and gain "
                                "flying until end of turn.")
        assert [e.name for e in effects] == ["modify_pt", "grant_abilities"]
        assert all(e.arg("duration") is Duration.END_OF_TURN for e in effects)
        assert effects[0].arg("target").count.low == 2

    def test_hexproof_is_a_keyword_and_the_duration_is_the_clause_s(self) -> None:
        effects = parse_effects("Target creature you control gets +1/+1 and gains hexproof "
                                "until end of turn.")
        assert [e.arg("duration") for e in effects] == [Duration.END_OF_TURN] * 2
        assert effects[1].arg("keywords")[0].parameter == ""


class TestSentences:
    def test_subject_is_inherited_by_a_third_person_verb(self) -> None:
        effects = parse_effects("Target player draws a card and loses 1 life.")
        assert [e.describe() for e in effects] == [
            "target player: draw a card", "target player (the same target): lose 1 life"]
        # one target, not two (CR 115.1)
        assert [e.arg("player").refers_back for e in effects] == [False, True]

    def test_a_search_and_where_the_card_goes_are_one_effect(self) -> None:
        (effect,) = parse_effects("Search your library for a basic land card, reveal it, put "
                                  "it into your hand, then shuffle.")
        assert effect.name == "search_library" and effect.arg("destination") is Zone.HAND
        assert effect.arg("reveal") is True

    def test_a_pronoun_takes_the_zone_of_the_effect_before(self) -> None:
        effects = parse_effects("Reveal the top card of your library and put that card into "
                                "your hand.")
        assert effects[1].arg("origin") is Zone.LIBRARY

    def test_leading_condition(self) -> None:
        (effect,) = parse_effects("If you control a Swamp, draw a card.")
        assert effect.condition == "if you control a Swamp"

    def test_a_leading_instead_replaces_the_effect_before_and_sees_its_zones(self) -> None:
        # Turncoat Kunoichi: "the chosen creature" is still on the battlefield, not in the
        # exile the effect it replaces would have moved it to (CR 608.2e)
        _, first, second = infer_origins(
            parse_effects("Choose target creature an opponent controls.")
            + parse_effects("Exile that creature until CARDNAME leaves the battlefield.")
            + parse_effects("If CARDNAME's sneak cost was paid, instead exile the chosen "
                            "creature."))
        assert first.arg("origin") is Zone.BATTLEFIELD
        assert second.condition.endswith("(instead)")
        assert second.arg("origin") is Zone.BATTLEFIELD
        assert second.describe().endswith("instead")
        # Karai: "that card" is the target card, still in the graveyard
        _, back = infer_origins(parse_effects(
            "Return target creature card from your graveyard to your hand.") + parse_effects(
            "If her sneak cost was paid this turn, instead return that card to the "
            "battlefield."))
        assert back.arg("origin") is Zone.GRAVEYARD
        assert back.arg("destination") is Zone.BATTLEFIELD
        assert "sneak cost was paid this turn" in back.condition


class TestReviewFindings:
    """Misreadings the first review sample found (issue 15), each with the right value."""

    def test_a_shuffle_sentence_after_a_search_is_the_search_s_own(self) -> None:
        # Entomb (older wording): one shuffle, not two (CR 701.23)
        card = _card("Test Entomb", "Search your library for a card and put that card into "
                     "your graveyard. Then shuffle your library.", types=("Instant",))
        (spell,) = compile_card(card).abilities
        assert [e.name for e in spell.effects] == ["search_library"]
        # Sphinx Summoner: "If you do, shuffle your library." after the optional search
        card = _card("Test Summoner", "When Test Summoner enters the battlefield, you may "
                     "search your library for an artifact creature card, reveal it, and put "
                     "it into your hand. If you do, shuffle your library.")
        (trigger,) = compile_card(card).abilities
        assert [e.name for e in trigger.effects] == ["search_library"]

    def test_a_player_exiles_the_top_cards_of_their_library(self) -> None:
        # Oona, Queen of the Fae: the cards move, not the player
        (effect,) = parse_effects("Target opponent exiles the top X cards of their library.")
        assert effect.arg("origin") is Zone.LIBRARY and effect.arg("destination") is Zone.EXILE
        assert effect.arg("player").targeted and effect.arg("amount").variable == "X"
        assert effect.describe().startswith("target opponent: move the top X cards")

    def test_permanents_enter_tapped_names_the_group(self) -> None:
        # Orb of Dreams: other permanents enter tapped (CR 614.1c, 614.12)
        card = _card("Test Orb", "Permanents enter the battlefield tapped.",
                     types=("Artifact",))
        (replacement,) = compile_card(card).abilities
        assert replacement.effects[0].arg("target").filter.kind != "self"
        assert replacement.describe() == "as permanents enter: each enters tapped"

    def test_created_tokens_keep_tapped(self) -> None:
        # Revenge of the Rats
        (effect,) = parse_effects("Create a tapped 1/1 black Rat creature token for each "
                                  "creature card in your graveyard.")
        assert effect.arg("tapped") is True and "tapped" in effect.describe()

    def test_an_optional_effect_under_a_condition_reads_in_order(self) -> None:
        (effect,) = parse_effects("If you control a Swamp, you may draw a card.")
        assert effect.describe() == "if you control a Swamp, you may draw a card"


class TestCosts:
    def test_a_choice_of_one(self) -> None:
        # issue 15: "sacrifice a creature or pay {4}" is a choice of one (CR 601.2b)
        (choice,), unread = parse_costs("sacrifice a creature or pay {4}")
        assert not unread and choice.name == "choice"
        assert [o.name for o in choice.options] == ["sacrifice", "mana"]
        assert choice.describe() == "sacrifice a creature or pay {4}"

    def test_an_additional_cost_choice_reads_and_describes(self) -> None:
        card = _card("Test Bargain", "As an additional cost to cast this spell, discard a "
                     "card or pay {5}.\nDraw two cards.", types=("Sorcery",))
        profile = compile_card(card)
        assert profile.fully_understood
        static = profile.abilities[0]
        assert isinstance(static, StaticAbility) and static.mode == "additional_cost"
        assert "discard a card or pay {5}" in profile.describe()

    def test_a_cost_from_the_graveyard(self) -> None:
        (exile,), _ = parse_costs("Exile CARDNAME from your graveyard")
        assert exile.what is not None and exile.what.filter.zone is Zone.GRAVEYARD
        assert exile.describe() == "exile this from your graveyard"

    @pytest.mark.parametrize("text, name", [
        ("Discard a card at random", "discard_random"), ("Pay half your life, rounded up",
                                                         "pay_life_half"),
        ("Remove any number of charge counters from CARDNAME", "remove_counters"),
    ])
    def test_cost_parts(self, text: str, name: str) -> None:
        (cost,), unread = parse_costs(text)
        assert not unread and cost.name == name


class TestActivationRestrictions:
    def test_several_restrictions_in_one_sentence(self) -> None:
        assert read_timings("Activate only during your turn, before attackers are "
                            "declared.") == (Timing.YOUR_TURN, Timing.BEFORE_ATTACKERS)
        assert read_timings("Activate only as a sorcery and only once each turn.") == \
            (Timing.SORCERY, Timing.ONCE_EACH_TURN)
        assert read_timings("Activate no more than twice each turn.") == \
            (Timing.TWICE_EACH_TURN,)

    def test_an_unreadable_condition_is_not_a_restriction(self) -> None:
        assert read_timings("Activate only if the moon is full.") == ()

    def test_no_space_after_the_colon(self) -> None:
        ability = read_activated("{1}{U}:Scry 1.")
        assert isinstance(ability, ActivatedAbility) and ability.effects[0].name == "scry"


class TestGates:
    def test_level_bands_gate_the_lines_under_them(self) -> None:
        card = _card("Test Leveler", "Level up {R}\nLEVEL 1-3\n2/2\nFlying\nLEVEL 4+\n4/4\n"
                     "Flying, trample", subtypes=("Human",), keywords=("Level up", "Flying",
                                                                       "Trample"))
        profile = compile_card(card)
        assert profile.fully_understood, profile.unsupported
        assert [k.name for k in profile.keywords] == ["Level up"]
        statics = [a for a in profile.abilities if isinstance(a, StaticAbility)]
        assert [a.condition for a in statics] == [
            "as long as CARDNAME has between 1 and 3 level counters on it"] * 2 + [
            "as long as CARDNAME has 4 or more level counters on it"] * 2
        assert statics[0].effects[0].name == "set_pt"

    def test_class_levels_gate_the_lines_after_them(self) -> None:
        card = _card("Test Class", "Creatures you control get +1/+0.\n{1}{R}: Level 2\n"
                     "Creatures you control have haste.", types=("Enchantment",),
                     subtypes=("Class",))
        profile = compile_card(card)
        assert profile.fully_understood, profile.unsupported
        first, second = profile.anthems
        assert first.condition == "" and \
            second.condition == "as long as CARDNAME is level 2 or higher"

    def test_station_thresholds(self) -> None:
        card = _card("Test Ship", "8+ | Flying", types=("Artifact",), subtypes=("Spacecraft",))
        profile = compile_card(card)
        (static,) = profile.abilities
        assert isinstance(static, StaticAbility) and static.effects[0].name == \
            "grant_abilities"
        assert static.condition == "as long as CARDNAME has 8 or more charge counters on it"


class TestModes:
    def test_a_head_without_a_dash_and_repeatable_modes(self) -> None:
        card = _card("Test Confluence", "Choose three. You may choose the same mode more than "
                     "once.\n• Draw a card.\n• You gain 2 life.", types=("Instant",))
        profile = compile_card(card)
        assert profile.fully_understood
        (spell,) = profile.abilities
        choose = spell.effects[0]
        assert choose.name == "choose_mode" and "more than once" in choose.arg("count")
        assert len(choose.arg("modes")) == 2

    def test_spree(self) -> None:
        card = _card("Test Spree", "Spree\n+ {1} — Draw a card.\n+ {2} — You gain 3 life.",
                     types=("Instant",), keywords=("Spree",))
        profile = compile_card(card)
        assert profile.fully_understood, profile.unsupported
        spell = next(a for a in profile.abilities if isinstance(a, SpellAbility))
        modes = spell.effects[0].arg("modes")
        assert [str(m.arg("cost")) for m in modes] == ["{1}", "{2}"]


class TestHonesty:
    def test_a_keyword_the_profile_lacks_is_unread(self) -> None:
        card = _card("Test Flyer", "Flying", keywords=("Flying", "Menace"))
        profile = compile_card(card)
        assert not profile.fully_understood
        (span,) = profile.unsupported
        assert span.text == "Menace" and span.reason.startswith("data:")

    def test_a_keyword_named_only_by_an_ability_word_is_a_data_problem(self) -> None:
        # Wraith, Vicious Vigilante: MTGJSON lists Fear from the label "Fear Gas —"
        card = _card("Test Vigilante", "Double strike\nFear Gas — Test Vigilante can't be "
                     "blocked.", keywords=("Double strike", "Fear"))
        (span,) = compile_card(card).unsupported
        assert span.text == "Fear" and span.reason.startswith("data:")

    def test_keywords_joined_by_a_semicolon(self) -> None:
        # Tel-Jilad Archers: a keyword with a parameter is followed by ";" (CR 702.1)
        card = _card("Test Archers", "Protection from artifacts; reach",
                     keywords=("Protection", "Reach"))
        profile = compile_card(card)
        assert profile.fully_understood
        assert {k.name for k in profile.keywords} == {"Protection", "Reach"}

    def test_an_empty_text_that_should_have_abilities_is_a_data_problem(self) -> None:
        card = _card("Test Aura", "", types=("Enchantment",), subtypes=("Aura",))
        profile = compile_card(card)
        assert not profile.fully_understood
        assert profile.unsupported[0].reason.startswith("data:")

    def test_a_spending_restriction_is_typed(self) -> None:
        card = _card("Test Land", "{T}: Add one mana of any color. Spend this mana only to "
                     "cast creature spells.", types=("Land",))
        profile = compile_card(card)
        assert profile.fully_understood
        (mana,) = profile.mana_abilities
        ((kind, ref),) = mana.spend_only
        assert kind == "cast" and ref is not None and ref.filter.types == {"Creature"}
        assert Timing.RESTRICTED_MANA in mana.timing


def test_a_search_shuffles_only_when_the_text_says_so() -> None:
    # Fire Covenant-era tutors ("Search your library for a card named ..., reveal it, and put
    # it into your hand." with a separate conditional shuffle): no shuffle of its own
    # (CR 701.23); "then shuffle" is the search's own.
    from analyzer.oracle.grammar import parse_effects

    (alone,) = parse_effects("Search your library for a card named Fire, reveal it, and put "
                             "it into your hand.")
    assert alone.arg("shuffle") is None and "shuffle" not in alone.describe()
    (shuffled,) = parse_effects("Search your library for a basic land card, reveal it, put "
                                "it into your hand, then shuffle.")
    assert shuffled.arg("shuffle") is True
    assert shuffled.describe().endswith("put it into your hand, then shuffle")


def test_choose_one_is_a_choice_of_modes() -> None:
    # "Choose one. If you control a commander, you may choose both instead.": modes
    # (CR 700.2), never an object called "one"
    from analyzer.oracle.grammar import parse_effects

    (e,) = parse_effects("Choose one.")
    assert e.name == "choose_mode"


def test_other_creatures_enter_with_a_counter() -> None:
    # Grumgully, the Generous: each other non-Human creature enters with an additional
    # counter (CR 614.1c, 614.12), not a one-time counter on those already there
    from analyzer.oracle.lines import read_replacement

    r = read_replacement("Each other non-Human creature you control enters with an additional "
                         "+1/+1 counter on it.")
    assert r is not None and r.event == "enters"
    assert r.describe() == ("as each other non-Human creature you control enters: each enters "
                            "with 1 more +1/+1 counter(s) on it")


def test_a_player_or_planeswalker_keeps_the_planeswalker() -> None:
    # Chandra Nalaar: "target player or planeswalker" is either (CR 115.1), never a player only
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.nouns import noun_phrase

    for words in ("target player or planeswalker", "target opponent or planeswalker",
                  "each player and each planeswalker"):
        t = tokenize(words)
        ref = noun_phrase(t, 0, len(t))
        assert ref is not None and ref.filter.kind == "any", words


def test_a_target_another_player_chooses_keeps_the_chooser() -> None:
    # Evangelize: "Gain control of target creature of an opponent's choice they control."
    from analyzer.oracle.grammar import parse_effects

    (e,) = parse_effects("Gain control of target creature of an opponent's choice they "
                         "control.")
    assert "of an opponent's choice" in e.arg("target").filter.states
