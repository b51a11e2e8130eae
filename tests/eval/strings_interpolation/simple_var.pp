$max_beers = 5
notice("I can not drink more than $max_beers beers")
