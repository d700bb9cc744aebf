"""``python -m samegame`` runs the command line."""

from samegame.cli import main

if __name__ == "__main__":
    main()
