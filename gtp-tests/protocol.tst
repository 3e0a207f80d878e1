# Protocol basics: identification, command discovery, framing and preprocessing.
1 protocol_version
#? [2]
2 name
#? [koban]
3 version
#? [\d+\.\d+\.\d+]
4 known_command play
#? [true]
5 known_command frobnicate
#? [false]
6 list_commands
#? [protocol_version(\n.*)?]
# A command without an id is answered without one (checked by the runner).
protocol_version
7 frobnicate
#? [unknown command]*
# Command names are case-sensitive.
8 PLAY b d4
#? [unknown command]*
# Tabs become spaces, and everything after # is a comment.
9	known_command	komi	# trailing comment
#? [true]
# Control characters are dropped.
10 known_command komi
#? [true]
11 quit
#? []
# Nothing after quit is answered.
12 name
