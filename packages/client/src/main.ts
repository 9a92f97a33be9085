import { mount } from 'svelte';
import App from './shell/app.svelte';
import './ui/kit.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

// The loading placeholder index.html shows until now.
target.replaceChildren();
export default mount(App, { target });
