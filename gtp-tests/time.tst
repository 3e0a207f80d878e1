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
time_settings 10 0 5
# koban-error: [syntax error.*]
101 time_left b 12.5 0
#? []
time_left x 10 0
# koban-error: [syntax error.*]
102 time_left b 12.5 0
#? []
time_settings 1e9 0 0
# koban-error: [syntax error.*]
103 time_left b 12.5 0
#? []
time_left b 10
# koban-error: [syntax error.*]
104 time_left b 12.5 0
#? []
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
kgs-time_settings byoyomi 600 30
# koban-error: [syntax error.*]
105 time_left b 250 20
#? []
kgs-time_settings fischer 600 10
# koban-error: [syntax error.*]
106 time_left b 250 20
#? []
kgs-time_settings absolute -5
# koban-error: [syntax error.*]
107 time_left b 250 20
#? []
