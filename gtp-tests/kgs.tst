# KGS extensions that need no search: kgs-game_over keeps the game, kgs-chat
# answers in one line.
boardsize 9
clear_board
play b e5
1 kgs-game_over
#? []
2 list_stones black
#? [E5]
3 kgs-chat private alice what rules are you using?
#? [rules: ko=positional scoring=area suicide=forbidden handicap=n \(phase main, game over: no\)]
4 kgs-chat game bob hello
#? [koban .*Ask me about 'rules' or 'winrate'\.]
5 kgs-chat game bob winrate?
#? [.*(win|searched).*]
kgs-chat lobby bob hi
# koban-error: [syntax error.*]
101 list_stones black
#? [E5]
kgs-chat private
# koban-error: [syntax error.*]
102 kgs-chat private alice rules?
#? [rules: ko=positional scoring=area suicide=forbidden handicap=n \(phase main, game over: no\)]
