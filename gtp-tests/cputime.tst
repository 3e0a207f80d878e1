# cputime: the process's CPU time in seconds (user + system), as GNU Go
# answers it; gogui-twogtp and gogui-regress read it for their CPU columns.
1 known_command cputime
#? [true]
2 cputime
#? [\d+\.\d{3}]
boardsize 9
clear_board
genmove b
3 cputime
#? [\d+\.\d{3}]
