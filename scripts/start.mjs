// Until the dealer terminal exists (issue 5), `npm start` explains the floor's settle tool.
console.log(`Chinese Poker dealer terminal

The dealer screen is not built yet. The rules engine is available as the floor's
dispute tool:

  npm run --silent settle -- showdown.json     one record or an array of records
  npm run --silent settle -- -                 read the record from stdin

See README.md for the record format.`);
