"""The line interface: command parser, session, announcer and the two IO paths."""
