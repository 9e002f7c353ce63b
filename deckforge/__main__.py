from deckforge.cli import main

main(prog_name="deckforge")
