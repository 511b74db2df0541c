/** The service's name and version, as every front end and document states them. */
export const SERVICE = 'time-coordinate-api';
export const VERSION = '0.1.0';
