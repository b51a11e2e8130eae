# spec: expressions.md:60, statement 6 of 7
"I can not drink more than $max_beers beers"
