"""The clause grammar's static abilities, third round (CR 604, 611.3, 613): real Oracle
sentences in, typed readings out."""

from __future__ import annotations

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.grammar.statics import read_static_sentence


def _static(sentence: str) -> StaticAbility:
    found = read_static_sentence(sentence)
    assert found is not None and found.kind == "static", sentence
    assert isinstance(found.value, StaticAbility)
    assert found.value.effects, "a static says what it does"
    return found.value


class TestQuotedGrants:
    def test_gain_inside_the_quote_is_not_the_verb(self) -> None:
        # Spirit Link-like auras: "gain" is the granted ability's verb, "has" the static's
        a = _static('Enchanted creature has "{1}{W}: You gain 2 life."')
        effect, = a.effects
        assert effect.name == "grant_abilities"
        ability = effect.arg("ability")
        assert ability is not None

    def test_gains_flying_inside_the_quote(self) -> None:
        a = _static('Enchanted creature gets +1/+1 and has "{R}: CARDNAME gains flying until '
                    'end of turn."')
        assert [e.name for e in a.effects] == ["modify_pt", "grant_abilities"]

    def test_a_gains_outside_the_quote_stays_a_resolving_verb(self) -> None:
        assert read_static_sentence('Enchanted creature gains "{R}: CARDNAME gains flying '
                                    'until end of turn."') is None


class TestTokensWithDefinedPowerAndToughness:
    def test_treefolk_token_is_star_star(self) -> None:
        # Kalonian Twingrove: the token's P/T come from its quoted CDA (CR 604.3)
        from analyzer.oracle.grammar import parse_effects
        from analyzer.oracle.tokens import parse_token

        effect, = parse_effects('Create a green Treefolk Warrior creature token with "This '
                                "creature's power and toughness are each equal to the "
                                'number of Forests you control."')
        assert effect.name == "create_token"
        spec = parse_token('green Treefolk Warrior creature token with "This creature\'s '
                           'power and toughness are each equal to the number of Forests '
                           'you control."')
        assert spec is not None and spec.variable_pt == "*/*" and spec.power is None
        assert spec.subtypes == ("Treefolk", "Warrior")

    def test_a_creature_token_without_pt_or_cda_is_not_read(self) -> None:
        from analyzer.oracle.tokens import parse_token

        assert parse_token('green Treefolk creature token with "This creature can\'t '
                           'block."') is None


class TestGroupNouns:
    def test_heroes(self) -> None:
        # Avengers Assemble!: "Heroes" is the plural of the creature type Hero
        r = read_static_sentence("Heroes you control get +2/+2.")
        assert r is not None and r.kind == "anthem"
        assert r.value.describe() == "Heroes you control get +2/+2"

    def test_outlaws(self) -> None:
        # Hellspur Posse Boss (CR 700.15: outlaws are Assassins, Mercenaries, Pirates,
        # Rogues and Warlocks): the state "outlaw", read by the rules core's filter
        a = _static("Other outlaws you control have haste.")
        target = a.effects[0].arg("target")
        assert target.filter.states == {"outlaw"} and target.filter.other
        assert a.effects[0].name == "grant_abilities"

    def test_during_your_turn_outlaws(self) -> None:
        a = _static("During your turn, outlaws you control have first strike.")
        assert a.condition == "during your turn"


class TestCounts:
    def test_spells_that_you_cast(self) -> None:
        # Fist of Suns / Etched Oracle Avatar
        a = _static("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells "
                    "that you cast.")
        target = a.effects[0].arg("target")
        assert target.filter.kind == "spell" and target.filter.owner.name == "YOU"


def _replacement(sentence: str):  # type: ignore[no-untyped-def]
    from analyzer.oracle.grammar.replacements import read_replacement_sentence

    found = read_replacement_sentence(sentence)
    assert found is not None, sentence
    return found


class TestReplacements:
    def test_damage_doubled_to_you(self) -> None:
        # Fiendish Duo-like: "it deals double that damage to you instead" (CR 614.1a)
        r = _replacement("If a source would deal damage to you, it deals double that damage "
                         "to you instead.")
        assert r.event == "damage" and r.condition == "if a source would deal damage to you"
        assert [e.describe() for e in r.effects] == ["double the damage dealt (double)"]

    def test_that_source_to_that_player_or_permanent(self) -> None:
        r = _replacement("If a source would deal damage to an opponent or a permanent an "
                         "opponent controls, that source deals double that damage to that "
                         "player or permanent instead.")
        assert r.effects[0].name == "double"

    def test_equipped_creature_combat_damage(self) -> None:
        r = _replacement("If equipped creature would deal combat damage, it deals double that "
                         "damage instead.")
        assert r.event == "damage" and "combat damage" in r.condition

    def test_tokens_without_under_your_control(self) -> None:
        # Primal Vigor: every player's tokens
        r = _replacement("If one or more tokens would be created, twice that many of those "
                         "tokens are created instead.")
        assert r.event == "tokens" and r.condition == "if one or more tokens would be created"
        assert r.effects[0].arg("what") == "the tokens created (twice that many)"

    def test_counters_doubled_by_an_effect(self) -> None:
        r = _replacement("If an effect would put one or more counters on a permanent you "
                         "control, it puts twice that many of those counters on that "
                         "permanent instead.")
        assert r.event == "counters"
        assert r.effects[0].arg("what") == "the counters put (twice that many)"

    def test_on_that_creature(self) -> None:
        # Primal Vigor's second sentence: any creature's +1/+1 counters
        r = _replacement("If one or more +1/+1 counters would be put on a creature, twice that "
                         "many +1/+1 counters are put on that creature instead.")
        e, = r.effects
        assert e.name == "put_counters" and e.arg("amount").variable == "twice that many"

    def test_skips_that_draw(self) -> None:
        # Maralen of the Mornsong-like (CR 614.10)
        r = _replacement("If a player would draw a card, that player skips that draw "
                         "instead.")
        assert r.event == "draw"
        e, = r.effects
        assert e.name == "skip" and e.arg("what") == "that draw"
        assert e.arg("player").text == "that player"

    def test_skips_that_extra_turn(self) -> None:
        r = _replacement("If an opponent would begin an extra turn, that player skips that "
                         "turn instead.")
        assert r.condition == "if an opponent would begin an extra turn"
        assert r.effects[0].arg("what") == "that turn"


class TestListedRestrictions:
    def test_attack_block_or_transform(self) -> None:
        # Bound by Moonsilver
        a = _static("Enchanted creature can't attack, block, or transform.")
        assert [e.arg("restriction") for e in a.effects] == ["can't attack or block",
                                                             "can't transform"]
        assert a.mode == "restriction"

    def test_attack_block_or_crew(self) -> None:
        a = _static("Enchanted creature can't attack, block, or crew Vehicles.")
        assert a.effects[1].arg("restriction") == "can't crew Vehicles"


class TestCountersAndAttachments:
    def test_named_counters_on_them(self) -> None:
        # Rime Tender / Bribery-like: "with ice counters on them"
        a = _static("Creatures with ice counters on them don't untap during their "
                    "controllers' untap steps.")
        assert a.effects[0].arg("target").filter.counter == "ice"

    def test_equipment_are_attached(self) -> None:
        # Balan, Wandering Knight
        a = _static("CARDNAME has double strike as long as two or more Equipment are "
                    "attached to it.")
        assert a.condition == "two or more Equipment are attached to it"
        assert a.effects[0].name == "grant_abilities"


class TestChoicesAsItEnters:
    def test_nonbasic_land_card_name(self) -> None:
        # Alpine Moon (CR 614.12)
        r = _replacement("As CARDNAME enters, choose a nonbasic land card name.")
        assert r.event == "choose_on_entry"
        assert [e.describe() for e in r.effects] == ["choose a nonbasic land card name"]

    def test_an_opponent_chooses(self) -> None:
        # Engineered Plague-like: the opponent makes the choice
        r = _replacement("As CARDNAME enters the battlefield, an opponent chooses a creature "
                         "type.")
        e, = r.effects
        assert e.arg("what") == "a creature type" and e.arg("player").text == "an opponent"

    def test_card_types_listed(self) -> None:
        r = _replacement("As CARDNAME enters the battlefield, choose artifact, creature, "
                         "enchantment, instant, or sorcery.")
        assert r.effects[0].arg("what") == ("artifact, creature, enchantment, instant, or "
                                            "sorcery")


def test_older_minimum_one_wording() -> None:
    # Heartstone: the older wording of "can't reduce ... to less than one mana" (CR 601.2f)
    from analyzer.oracle.lines import read_static, with_minimum_one

    first = read_static("Activated abilities of creatures cost {1} less to activate.")
    found = with_minimum_one(first, "This effect can't reduce the amount of mana an ability "
                                    "costs to activate to less than one mana.")
    assert found is not None
    assert found.effects[0].arg("minimum").value == 1


class TestGenderedPronouns:
    def test_character_pronouns_are_the_card(self) -> None:
        # Captain America, Super-Soldier / Morlun: "on him" is the card (CR 201.5)
        from analyzer.oracle.grammar.replacements import read_replacement_sentence
        from analyzer.oracle.text import normalize_line

        line = normalize_line("Captain America enters with a shield counter on him.",
                              ("Captain America",))
        assert line == "CARDNAME enters with a shield counter on it."
        r = read_replacement_sentence(line)
        assert r is not None and r.effects[0].arg("counter") == "shield"
        assert r.effects[0].arg("target").filter.kind == "self"

    def test_possessive_her(self) -> None:
        from analyzer.oracle.text import normalize_line

        assert normalize_line("Return her to the battlefield under her owner's control.") \
            == "Return it to the battlefield under its owner's control."

    def test_player_pronouns_kept(self) -> None:
        from analyzer.oracle.text import normalize_line

        line = "For each creature, its controller sacrifices a permanent unless he or she pays {1}."
        assert normalize_line(line) == line

    def test_quoted_text_untouched(self) -> None:
        from analyzer.oracle.text import normalize_line

        line = ('Iron Fist gains "{T}: Iron Fist deals damage equal to his power to any other '
                'target" until end of turn.')
        assert '"{T}: Iron Fist deals damage equal to his power' in normalize_line(line)


class TestSpeedAndSearch:
    def test_where_x_is_your_speed(self) -> None:
        # Samut, the Driving Force (CR 702.179)
        a = _static("Other creatures you control get +X/+0, where X is your speed.")
        e, = a.effects
        assert e.name == "modify_pt"
        assert "your speed" in e.describe()

    def test_speed_quantity(self) -> None:
        from analyzer.oracle.lexer import tokenize
        from analyzer.oracle.quantities import quantity

        t = tokenize("your speed")
        q = quantity(t, 0, len(t))
        assert q is not None and q.kind == "speed" and q.describe() == "your speed"

    def test_players_cant_search_libraries(self) -> None:
        a = _static("Players can't search libraries.")
        assert a.mode == "rules_change"
        e, = a.effects
        assert e.arg("rule") == "can't search libraries" and e.arg("player").text.lower() == "players"

    def test_unspent_green_mana_kept(self) -> None:
        # Fangorn, Tree Shepherd (CR 500.5)
        a = _static("You don't lose unspent green mana as steps and phases end.")
        e, = a.effects
        assert e.arg("rule") == "mana pools don't empty" and e.arg("what") == "green"
        assert _static("Players don't lose unspent mana as steps and phases end."
                       ).effects[0].arg("what") == ""


def test_enters_with_counters_and_a_keyword() -> None:
    # Anavolver / Benalish Lancer: kicked, it enters with counters and with flying
    r = _replacement("If CARDNAME was kicked, it enters with two +1/+1 counters on it and "
                     "with flying.")
    assert r.event == "enters" and r.condition == "if CARDNAME was kicked"
    assert [e.describe() for e in r.effects] == ["put 2 +1/+1 counters on this object",
                                                 "this object gains Flying"]
    assert r.effects[1].arg("duration").name == "PERMANENT"
    assert read_static_sentence("If CARDNAME was kicked, it enters with a +1/+1 counter on "
                                'it and with "Pay 3 life: Regenerate CARDNAME."') is None


class TestCountersOfEachKind:
    def test_twice_of_each_kind(self) -> None:
        # Innkeeper's Talent level 3 (CR 614.1a)
        r = _replacement("If you would put one or more counters on a permanent or player, "
                         "put twice that many of each of those kinds of counters on that "
                         "permanent or player instead.")
        assert r.event == "counters"
        assert r.effects[0].arg("what") == "the counters put (twice that many)"

    def test_plus_one_of_each_kind(self) -> None:
        # Branching Evolution-like "that many plus one of each of those kinds"
        r = _replacement("If you would put one or more counters on a permanent you control, "
                         "put that many plus one of each of those kinds of counters on that "
                         "permanent instead.")
        e, = r.effects
        assert e.name == "change_amount" and e.arg("amount").value == 1
        assert e.describe() == "the counters put changed by 1"


def test_draw_except_the_first_and_life_while() -> None:
    # Alhammarret's Archive (CR 614.1a, 121.2)
    r = _replacement("If you would draw a card except the first one you draw in each of your "
                     "draw steps, draw two cards instead.")
    assert r.event == "draw" and [e.describe() for e in r.effects] == ["draw 2 cards"]
    r = _replacement("If you would gain life while you have 5 or less life, you gain twice "
                     "that much life instead.")
    assert r.event == "life" and r.condition.endswith("while you have 5 or less life")


class TestExiledWithCounters:
    def test_arc_blade(self) -> None:
        # Arc Blade (CR 702.62a): the card goes to exile with three time counters
        from analyzer.oracle.grammar import parse_effects

        e, = parse_effects("Exile CARDNAME with three time counters on it.")
        assert e.name == "change_zone" and e.arg("destination").name == "EXILE"
        counters, = e.arg("enters_with")
        assert counters.arg("counter") == "time" and counters.arg("amount").value == 3

    def test_a_filter_stays_a_filter(self) -> None:
        from analyzer.oracle.grammar import parse_effects

        e, = parse_effects("Exile target creature with a +1/+1 counter on it.")
        assert e.arg("enters_with") is None and e.arg("target").filter.counter == "+1/+1"

    def test_egg_replacement(self) -> None:
        # Darigaaz Reincarnated-like: "instead exile it with three egg counters on it"
        r = _replacement("If CARDNAME would die, instead exile it with three egg counters on "
                         "it.")
        assert r.event == "dies" and r.effects[0].arg("enters_with")[0].arg("counter") == "egg"


def test_damage_plus_without_a_repeated_recipient() -> None:
    # Artist's Talent level 3 / Valley Flamecaller-like (CR 614.1a)
    r = _replacement("If a source you control would deal noncombat damage to an opponent or a "
                     "permanent an opponent controls, it deals that much damage plus 1 "
                     "instead.")
    assert [e.describe() for e in r.effects] == ["the damage dealt changed by 1"]
    r = _replacement("If a source would deal damage to a creature you control, it deals that "
                     "much damage minus 1 to that creature instead.")
    assert [e.describe() for e in r.effects] == ["the damage dealt changed by -1"]


def test_attacking_player() -> None:
    # Goblin Goon: "attacking player" is the opponent attacking the blocker's controller
    a = _static("CARDNAME can't block unless you control more creatures than attacking "
                "player.")
    assert a.condition == "you control more creatures than attacking player"
    assert a.effects[0].arg("restriction") == "can't block unless"


def test_total_number_of_cards_in_all_hands() -> None:
    # Multani, Maro-Sorcerer: "... each equal to the total number of cards in all players'
    # hands."
    from analyzer.oracle.lexer import tokenize
    from analyzer.oracle.objects import Owner, Zone
    from analyzer.oracle.quantities import quantity

    words = "the total number of cards in all players' hands"
    q = quantity(tokenize(words), 0, len(tokenize(words)))
    assert q is not None and q.kind == "count"
    assert (q.ref.filter.zone, q.ref.filter.owner) == (Zone.HAND, Owner.ANY)
