# Malformed input of every kind gets an error and changes nothing.
boardsize 9
clear_board
komi 6.5
play b e5
play x d4
# koban-error: [syntax error.*]
101 list_stones black
#? [E5]
play b i5
# koban-error: [syntax error.*]
102 list_stones black
#? [E5]
play b k1
# koban-error: [syntax error.*]
103 list_stones black
#? [E5]
play b z99
# koban-error: [syntax error.*]
104 list_stones black
#? [E5]
play b a0
# koban-error: [syntax error.*]
105 list_stones black
#? [E5]
play b
# koban-error: [syntax error.*]
106 list_stones black
#? [E5]
play
# koban-error: [syntax error.*]
107 list_stones black
#? [E5]
play b d4 d5
# koban-error: [syntax error.*]
108 list_stones black
#? [E5]
komi abc
# koban-error: [syntax error.*]
109 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\].*]
komi
# koban-error: [syntax error.*]
110 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\].*]
komi nan
# koban-error: [syntax error.*]
111 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\].*]
boardsize 0
# koban-error: [unacceptable size]
112 list_stones black
#? [E5]
boardsize 26
# koban-error: [unacceptable size]
113 list_stones black
#? [E5]
boardsize 1
# koban-error: [unacceptable size]
114 list_stones black
#? [E5]
boardsize 99999999999999999999999
# koban-error: [syntax error.*]
115 list_stones black
#? [E5]
boardsize nine
# koban-error: [syntax error.*]
116 list_stones black
#? [E5]
genmove purple
# koban-error: [syntax error.*]
117 list_stones white
#? []
genmove
# koban-error: [syntax error.*]
118 list_stones white
#? []
known_command
# koban-error: [syntax error.*]
119 list_stones black
#? [E5]
is_legal b
# koban-error: [syntax error.*]
120 list_stones black
#? [E5]
time_settings 10 abc 0
# koban-error: [syntax error.*]
121 list_stones black
#? [E5]
time_left b -5 0
# koban-error: [syntax error.*]
122 list_stones black
#? [E5]
time_settings 1e300 0 0
# koban-error: [syntax error.*]
123 list_stones black
#? [E5]
fixed_handicap
# koban-error: [syntax error.*]
124 list_stones black
#? [E5]
loadsgf
# koban-error: [syntax error.*]
125 list_stones black
#? [E5]
gogui-setup b
# koban-error: [syntax error.*]
126 list_stones black
#? [E5]
gogui-setup b pass
# koban-error: [syntax error.*]
127 list_stones black
#? [E5]
gogui-setup_player x
# koban-error: [syntax error.*]
128 list_stones black
#? [E5]
all_legal
# koban-error: [syntax error.*]
129 list_stones black
#? [E5]
list_stones
# koban-error: [syntax error.*]
130 list_stones black
#? [E5]
undo now
# koban-error: [syntax error.*]
131 list_stones black
#? [E5]
kgs-rules
# koban-error: [syntax error.*]
132 koban-rules
#? [ko=positional scoring=area suicide=forbidden handicap=n]
# Non-UTF-8 bytes: in an argument, and in the command name.
play b dÿ4
# koban-error: [syntax error.*]
133 list_stones black
#? [E5]
plþÿay b d4
# koban-error: [unknown command]
134 list_stones black
#? [E5]
# After all that: the position, komi, size and move count are unchanged.
35 list_stones black
#? [E5]
36 list_stones white
#? []
37 printsgf
#? [\(;FF\[4\]GM\[1\].*SZ\[9\]KM\[6\.5\].*]
38 undo
#? []
undo
# koban-error: [cannot undo]
135 list_stones black
#? []
