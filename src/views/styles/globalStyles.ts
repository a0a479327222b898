/**
 * Side-effect module: loads the design tokens, then the global styles. Imported by every layout
 * and every full-screen view, so whatever renders first is styled; the app entry may import it
 * too (`import './views/styles/globalStyles';`) — the bundler loads it once.
 */
import './tokens.css';
import './global.css';
