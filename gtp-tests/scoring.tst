# The end of the game: final_status_list, final_score with dead stones removed,
# and kgs-genmove_cleanup. Positions are the hand-counted score/*.sgf
# (their root comments explain each count). Paths are relative to this file's
# folder. Chains are listed one per line in board order (row 1 first,
# A to T in a row); only the first line is checked here.
#
# walls9: Black wall D, White wall E; White B7 and Black H5 are dead.
1 loadsgf score/walls9.sgf
#? []
2 final_status_list dead
#? [H5(\n.*)?]
3 final_status_list alive
#? [D1 D2 D3 D4 D5 D6 D7 D8 D9(\n.*)?]
4 final_status_list seki
#? []
5 final_score
#? [W\+16\.5]
final_status_list bogus
# koban-error: [syntax error.*]
101 final_status_list dead
#? [H5(\n.*)?]
final_status_list
# koban-error: [syntax error.*]
8 final_status_list DEAD
#? [H5(\n.*)?]
# seki9: Black's row 2 and J1 and White's B1-G1 share A1 and H1 only.
9 loadsgf score/seki9.sgf
#? []
10 final_status_list seki
#? [B1 C1 D1 E1 F1 G1(\n.*)?]
11 final_status_list dead
#? []
12 final_score
#? [W\+65\.5]
# throwin9: Black A2 A3 B3 C3 C2 D2 D1 and White B1 B2 share A1 and C1, but
# White C1 is a throw-in whose capture leaves a bent three: no seki.
201 loadsgf score/throwin9.sgf
#? []
202 final_status_list seki
#? []
203 final_status_list dead
#? [D1 A2 C2 D2 A3 B3 C3]
204 final_score
#? [W\+15\.5]
# corner9: White A1 B1 (one liberty) are dead in Black's corner.
13 loadsgf score/corner9.sgf
#? []
14 final_status_list dead
#? [A1 B1]
15 final_score
#? [B\+1\.5]
16 koban-rules scoring=territory
#? [ko=positional scoring=territory suicide=forbidden handicap=n]
17 final_score
#? [B\+0\.5]
# Tromp-Taylor removes nothing: A1 B1 count as they stand (area: Black 42,
# White 38; komi 7.5).
18 koban-rules tromp-taylor
#? [ko=positional scoring=area suicide=allowed handicap=none]
19 final_score
#? [W\+3\.5]
# The status is still reported.
20 final_status_list dead
#? [A1 B1]
#
# kgs-genmove_cleanup, White passing: Black takes White's dead B7 off the board
# one liberty at a time from its own side of the walls (never in White's area,
# E to J), then passes; White then takes Black's dead H5 the same way.
21 loadsgf score/walls9.sgf
#? []
22 kgs-genmove_cleanup b
#? [C7]
play w pass
23 kgs-genmove_cleanup b
#? [B6]
play w pass
24 kgs-genmove_cleanup b
#? [B8]
play w pass
25 kgs-genmove_cleanup b
#? [A7]
26 list_stones white
#? [E1 E2 E3 E4 E5 E6 E7 E8 E9]
play w pass
27 kgs-genmove_cleanup b
#? [pass]
kgs-genmove_cleanup red
# koban-error: [syntax error.*]
28 list_stones black
#? [D1 D2 D3 D4 D5 H5 B6 D6 A7 C7 D7 B8 D8 D9]
29 kgs-genmove_cleanup w
#? [H4]
play b pass
30 kgs-genmove_cleanup w
#? [G5]
play b pass
31 kgs-genmove_cleanup w
#? [H6]
play b pass
32 kgs-genmove_cleanup w
#? [J5]
33 list_stones black
#? [D1 D2 D3 D4 D5 B6 D6 A7 C7 D7 B8 D8 D9]
play b pass
34 kgs-genmove_cleanup w
#? [pass]
