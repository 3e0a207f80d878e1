# Malformed input of every kind gets an error and changes nothing.
boardsize 9
clear_board
komi 6.5
play b e5
1 play x d4
#? [syntax error.*]*
2 play b i5
#? [syntax error.*]*
3 play b k1
#? [syntax error.*]*
4 play b z99
#? [syntax error.*]*
5 play b a0
#? [syntax error.*]*
6 play b
#? [syntax error.*]*
7 play
#? [syntax error.*]*
8 play b d4 d5
#? [syntax error.*]*
9 komi abc
#? [syntax error.*]*
10 komi
#? [syntax error.*]*
11 komi nan
#? [syntax error.*]*
12 boardsize 0
#? [unacceptable size]*
13 boardsize 26
#? [unacceptable size]*
14 boardsize 1
#? [unacceptable size]*
15 boardsize 99999999999999999999999
#? [syntax error.*]*
16 boardsize nine
#? [syntax error.*]*
17 genmove purple
#? [syntax error.*]*
18 genmove
#? [syntax error.*]*
19 known_command
#? [syntax error.*]*
20 is_legal b
#? [syntax error.*]*
21 time_settings 10 abc 0
#? [syntax error.*]*
22 time_left b -5 0
#? [syntax error.*]*
23 time_settings 1e300 0 0
#? [syntax error.*]*
24 fixed_handicap
#? [syntax error.*]*
25 loadsgf
#? [syntax error.*]*
26 gogui-setup b
#? [syntax error.*]*
27 gogui-setup b pass
#? [syntax error.*]*
28 gogui-setup_player x
#? [syntax error.*]*
29 all_legal
#? [syntax error.*]*
30 list_stones
#? [syntax error.*]*
31 undo now
#? [syntax error.*]*
32 kgs-rules
#? [syntax error.*]*
# Non-UTF-8 bytes: in an argument, and in the command name.
33 play b dÿ4
#? [syntax error.*]*
34 plþÿay b d4
#? [unknown command]*
# After all that: the position, komi, size and move count are unchanged.
35 list_stones black
#? [E5]
36 list_stones white
#? []
37 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\].*]
38 undo
#? []
39 undo
#? [cannot undo]*
