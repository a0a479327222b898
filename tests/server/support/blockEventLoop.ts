/**
 * Test fixture: starts the event-loop watchdog with the limit given in milliseconds, prints
 * 'blocking', then blocks the main thread for good, as a hung synchronous PGlite call does.
 */
import { startWatchdog } from '../../../server/watchdog';

startWatchdog(Number(process.argv[2]));
process.on('SIGTERM', () => console.log('SIGTERM handled'));
setTimeout(() => {
  console.log('blocking');
  for (;;) {
    // Spins like the hung database call: no timer, request or signal handler runs again.
  }
}, 200);
