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
frobnicate
# koban-error: [unknown command]
101 known_command frobnicate
#? [false]
# Command names are case-sensitive.
PLAY b d4
# koban-error: [unknown command]
102 known_command PLAY
#? [false]
# Tabs become spaces, and everything after # is a comment.
9	known_command	komi	# trailing comment
#? [true]
# Control characters are dropped.
10 known_command komi
#? [true]
# quit comes last: gogui-regress dies on a command after it (tests/gtp_framing.rs
# checks that nothing after quit is answered).
11 quit
#? []
