# Analysis clients: Sabaki's streamed analysis and GoGui's analyze commands.
# A streamed response is checked here by its first line (`=id ` alone); the
# in-process runner sends every line at once, so the next line stops an
# analysis at once, and `playouts N` ends it by itself under gogui-regress.
# tests/gtp_analyze.rs reads the streams line by line.
boardsize 9
clear_board
1 lz-analyze b 50 playouts 300
#? []
2 analyze 50 playouts 300
#? []
3 lz-analyze b interval 50 minmoves 2 maxmoves 5 playouts 300
#? []
4 lz-analyze b 50 avoid b d4 1
#? [syntax error.*]*
5 analyze purple 50
#? [syntax error.*]*
6 genmove_analyze b 10
#? []
7 list_stones black
#? [[A-HJ][1-9]|]
8 lz-genmove_analyze w 10
#? []
9 list_stones white
#? [[A-HJ][1-9]|]
10 lz-genmove_analyze w 10 interval
#? [syntax error.*]*
# GoGui.
11 gogui-interrupt
#? []
12 gogui-analyze_commands
#? [gfx/Ownership/koban-ownership %m]
13 koban-ownership
#? [(INFLUENCE|TEXT) .*]
14 koban-move_stats b winrate
#? [(LABEL|TEXT) .*]
15 koban-move_stats visits w
#? [(LABEL|TEXT) .*]
16 koban-move_stats b w
#? [syntax error.*]*
17 koban-pv w
#? [(VAR|TEXT) .*]
18 koban-rule_params
#? [\[list/simple/positional/situational/geneva/kee/ing-spight/cleanup\] ko positional]
19 koban-rule_params ko situational
#? [ko=situational scoring=area suicide=forbidden]
20 koban-rule_params scoring territory
#? [ko=situational scoring=territory suicide=forbidden]
21 koban-rule_params ko sideways
#? [unknown ko variant.*]*
22 koban-rule_params komi 6.5
#? [unknown key.*]*
23 koban-rules
#? [ko=situational scoring=territory suicide=forbidden]
