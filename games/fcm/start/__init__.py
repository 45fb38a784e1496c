"""How a game starts: the state `fcm.created` makes, a declared starting position and its
checks, and older creation payloads lifted to the current form."""
