# time_settings and time_left: accepted forms and refused ones.
1 time_settings 300 30 5
#? []
2 time_left b 250 0
#? []
3 time_left white 20 3
#? []
# Absolute time, and no limit.
4 time_settings 600 0 0
#? []
5 time_settings 0 1 0
#? []
# Fractions are tolerated; stones without byo-yomi time are not.
6 time_left b 12.5 0
#? []
7 time_settings 10 0 5
#? [syntax error.*]*
8 time_left x 10 0
#? [syntax error.*]*
9 time_settings 1e9 0 0
#? [syntax error.*]*
10 time_left b 10
#? [syntax error.*]*
# kgs-time_settings: the four systems, and malformed forms.
11 kgs-time_settings none
#? []
12 kgs-time_settings absolute 300
#? []
13 kgs-time_settings byoyomi 600 30 5
#? []
14 time_left b 25 3
#? []
15 kgs-time_settings canadian 600 300 25
#? []
16 kgs-time_settings byoyomi 600 30
#? [syntax error.*]*
17 kgs-time_settings fischer 600 10
#? [syntax error.*]*
18 kgs-time_settings absolute -5
#? [syntax error.*]*
