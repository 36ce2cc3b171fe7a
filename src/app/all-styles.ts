// Every Mantine style, as one sheet loaded after the first screen's (see first-screen.css).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
