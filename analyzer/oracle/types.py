"""Creature types (CR 205.3m) and the other subtypes, with the plurals Oracle text uses.

The compiler needs the list twice: to tell a Kindred Aura's creature types from its
enchantment type (``Kindred Enchantment — Elf Aura`` is an Elf, not an "Aura"), and to read
plural subjects such as "Other Ninjas", "Elves you control" or "Merfolk you control".

Examples
--------
>>> singular_creature_type("Elves"), singular_creature_type("Ninjas")
('Elf', 'Ninja')
>>> singular_creature_type("Merfolk"), singular_creature_type("Lands")
('Merfolk', None)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "CREATURE_TYPES",
    "NON_CREATURE_SUBTYPES",
    "creature_subtypes",
    "plural_of",
    "singular_creature_type",
]

CREATURE_TYPES: frozenset[str] = frozenset({
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
    "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog",
    "Aurochs", "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat",
    "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Bison", "Blinkmoth",
    "Boar", "Bringer", "Brushwagg", "Camarid", "Camel", "Capybara", "Caribou", "Carrier",
    "Cat", "Centaur", "Cephalid", "Chicken", "Child", "Chimera", "Citizen", "Cleric", "Clown",
    "Cockatrice", "Construct", "Coward", "Coyote", "Crab", "Crocodile", "C'tan", "Custodes",
    "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon", "Deserter", "Detective",
    "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon", "Drake", "Dreadnought", "Drix",
    "Drone", "Druid", "Dryad", "Dwarf", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental",
    "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer",
    "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gamma", "Gargoyle", "Germ", "Giant",
    "Giraffe", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon",
    "Graveborn", "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy",
    "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse",
    "Human", "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inhuman", "Inkling",
    "Inquisitor", "Insect", "Jackal", "Jellyfish", "Juggernaut", "Kangaroo", "Kavu", "Kirin",
    "Kithkin", "Klingon", "Knight", "Kobold", "Kor", "Kraken", "Kree", "Llama", "Lamia",
    "Lammasu", "Leech", "Lemur", "Leviathan", "Lhurgoyf", "Licid", "Lizard", "Lobster",
    "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran", "Minion", "Minotaur",
    "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle", "Moonfolk", "Mount",
    "Mouse", "Mutant", "Myr", "Mystic", "Naga", "Nautilus", "Necron", "Nephilim", "Nightmare",
    "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Officer", "Ogre",
    "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant",
    "Pegasus", "Pentavite", "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian",
    "Pilot", "Pincher", "Pirate", "Plant", "Platypus", "Porcupine", "Possum", "Praetor",
    "Primarch", "Prism", "Processor", "Qu", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel",
    "Reflection", "Rhino", "Rigger", "Robot", "Rogue", "Sable", "Salamander", "Samurai",
    "Sand", "Saproling", "Satyr", "Scarecrow", "Scientist", "Scion", "Scorpion", "Scout",
    "Sculpture", "Seal", "Serf", "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter",
    "Shark", "Sheep", "Siren", "Skeleton", "Skrull", "Skunk", "Slith", "Sliver", "Sloth",
    "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn", "Specter",
    "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge", "Spy", "Squid",
    "Squirrel", "Starfish", "Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle",
    "Tetravite", "Thalakos", "Thopter", "Thrull", "Tiefling", "Toy", "Treefolk", "Trilobite",
    "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn", "Utrom", "Vampire", "Varmint",
    "Vedalken", "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird",
    "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm",
    "Yeti", "Zombie", "Zubera",
}) | {"Time Lord"}
"""Every creature type of CR 205.3m (with the Universes Beyond types of recent sets).

A Changeling has every one of them (CR 702.73a)."""

NON_CREATURE_SUBTYPES: frozenset[str] = frozenset({
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Room", "Rune", "Saga",
    "Shard", "Shrine", "Role", "Attraction", "Blood", "Bobblehead", "Clue", "Contraption",
    "Equipment", "Food", "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander",
    "Map", "Powerstone", "Spacecraft", "Stone", "Treasure", "Vehicle", "Desert", "Forest",
    "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Planet", "Sphere",
    "Swamp", "Tower", "Town", "Cave", "Adventure", "Arcane", "Chorus", "Lesson", "Omen",
    "Trap", "Siege", "Legendary",
})
"""Artifact, enchantment, land, spell and battle subtypes (CR 205.3g-k), never creature
types even on a creature face (``Artifact Creature — Food Golem`` is a Golem)."""

_IRREGULAR_PLURALS: dict[str, str] = {
    "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Mouse": "Mice", "Ox": "Oxen",
    "Fungus": "Fungi", "Homunculus": "Homunculi", "Cyclops": "Cyclopes", "Pegasus": "Pegasi",
    "Octopus": "Octopuses", "Werewolf": "Werewolves", "Sphinx": "Sphinxes", "Fox": "Foxes",
    "Lammasu": "Lammasu", "Djinn": "Djinn", "Efreet": "Efreet", "Kithkin": "Kithkin",
    "Merfolk": "Merfolk", "Moonfolk": "Moonfolk", "Treefolk": "Treefolk",
    "Samurai": "Samurai", "Sheep": "Sheep", "Fish": "Fish", "Aurochs": "Aurochs",
    "Kor": "Kor", "Vedalken": "Vedalken", "Eldrazi": "Eldrazi", "Soltari": "Soltari",
    "Dauthi": "Dauthi", "Thalakos": "Thalakos", "Zubera": "Zubera", "Qu": "Qu",
    "Nautilus": "Nautiluses", "Platypus": "Platypuses", "Hippo": "Hippos",
    "Child": "Children", "Kavu": "Kavu", "Gith": "Gith", "Sand": "Sand",
    "Custodes": "Custodes", "Astartes": "Astartes", "C'tan": "C'tan", "Time Lord": "Time Lords",
    "Hero": "Heroes",
}


def plural_of(creature_type: str) -> str:
    """The plural Oracle text uses for a creature type.

    >>> plural_of("Ninja"), plural_of("Elf"), plural_of("Ally"), plural_of("Merfolk")
    ('Ninjas', 'Elves', 'Allies', 'Merfolk')
    """
    if creature_type in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[creature_type]
    if creature_type.endswith("y") and creature_type[-2:-1] not in tuple("aeiou"):
        return creature_type[:-1] + "ies"
    if creature_type.endswith(("s", "x", "ch", "sh")):
        return creature_type + "es"
    return creature_type + "s"


_SINGULAR: dict[str, str] = {plural_of(t): t for t in CREATURE_TYPES}


def singular_creature_type(word: str) -> str | None:
    """The creature type a plural (or singular) word names, or ``None`` if it names none.

    ``"Lands"`` and ``"Vehicles"`` name no creature type.
    """
    if word in _SINGULAR:
        return _SINGULAR[word]
    if word in CREATURE_TYPES:
        return word
    return None


def creature_subtypes(subtypes: Iterable[str]) -> frozenset[str]:
    """The creature types among a creature or kindred face's subtypes (CR 205.3d).

    Subtypes that are not creature types on any card (``Aura``, ``Food``, ``Forest``) are
    dropped; unknown subtypes are kept, so creature types of sets newer than
    :data:`CREATURE_TYPES` still count.

    >>> sorted(creature_subtypes(["Food", "Golem"]))
    ['Golem']
    """
    return frozenset(s for s in subtypes if s not in NON_CREATURE_SUBTYPES)
