// Every Mantine style and the app's own signed-in rules, as one sheet loaded after the first
// screen's (see first-screen.css).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './signed-in.css';
