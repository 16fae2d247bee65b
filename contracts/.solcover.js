// solidity-coverage settings: a JSON summary for scripts/check-coverage.ts and a table for people.
module.exports = {
  istanbulReporter: ["json-summary", "text"],
  mocha: { timeout: 600000 },
};
