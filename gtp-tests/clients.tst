# Analysis clients: Sabaki's streamed analysis and GoGui's analyze commands.
# The project's runner matches the first line of a response, gogui-regress the
# whole (trimmed) response with `.` matching newlines: `(\n.*)?` after a first
# line, and an empty alternative for a streamed response (whose first line is
# `=id ` alone), serve both. The project's runner sends every line at once, so
# the next line stops an analysis at once; under gogui-regress `playouts N` ends
# it by itself. tests/gtp_analyze.rs reads the streams line by line.
boardsize 9
clear_board
1 lz-analyze b 50 playouts 300
#? [(info move .*)?]
2 analyze 50 playouts 300
#? [(info move .*)?]
3 lz-analyze b interval 50 minmoves 2 maxmoves 5 playouts 300
#? [(info move .*)?]
4 kata-analyze b interval 50 playouts 300 ownership true rootInfo true
#? [(info move .*)?]
kata-analyze b 50 ownership maybe
# koban-error: [syntax error.*]
104 list_stones black
#? []
lz-analyze b 50 avoid b d4 1
# koban-error: [syntax error.*]
101 list_stones black
#? []
analyze purple 50
# koban-error: [syntax error.*]
102 list_stones white
#? []
6 genmove_analyze b 10
#? [(info move .*\n)?play [A-HJ][1-9]|]
7 list_stones black
#? [[A-HJ][1-9]|]
8 lz-genmove_analyze w 10
#? [(info move .*\n)?play [A-HJ][1-9]|]
9 list_stones white
#? [[A-HJ][1-9]|]
10 kata-genmove_analyze b 10
#? [(info move .*\n)?play [A-HJ][1-9]|]
lz-genmove_analyze w 10 interval
# koban-error: [syntax error.*]
103 list_stones white
#? [[A-HJ][1-9]|]
# GoGui.
11 gogui-interrupt
#? []
12 gogui-analyze_commands
#? [gfx/Ownership/koban-ownership %m(\n.*)?]
13 koban-ownership
#? [(INFLUENCE|TEXT) .*]
14 koban-move_stats b winrate
#? [(LABEL|TEXT) .*]
15 koban-move_stats visits w
#? [(LABEL|TEXT) .*]
koban-move_stats b w
# koban-error: [syntax error.*]
104 list_stones white
#? [[A-HJ][1-9]|]
17 koban-pv w
#? [(VAR|TEXT) .*]
18 koban-rule_params
#? [\[list/simple/positional/situational/geneva/kee/ing-spight/cleanup\] ko positional(\n.*)?]
19 koban-rule_params ko situational
#? [ko=situational scoring=area suicide=forbidden handicap=n]
20 koban-rule_params scoring territory
#? [ko=situational scoring=territory suicide=forbidden handicap=n]
koban-rule_params ko sideways
# koban-error: [unknown ko variant.*]
105 koban-rules
#? [ko=situational scoring=territory suicide=forbidden handicap=n]
koban-rule_params komi 6.5
# koban-error: [unknown key.*]
23 koban-rules
#? [ko=situational scoring=territory suicide=forbidden handicap=n]
