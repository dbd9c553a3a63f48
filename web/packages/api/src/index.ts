// @palaro/api: what every Palaro web app needs to talk to the server. Apps
// import files directly (e.g. '@palaro/api/envelope') where the home page's
// size matters; this index is for the rest.
export * from './envelope';
export * from './client';
export * from './idempotency';
export * from './money';
export * from './query';
export * from './csv';
