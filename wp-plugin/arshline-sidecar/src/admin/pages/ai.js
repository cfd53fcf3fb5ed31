/**
 * AI commands: a command in the admin's words → plan preview → confirm →
 * results with undo, and the commands run on the page; and Hosha2, a
 * whole form from a description. The forms list (Hosha2's form choice), the
 * plan and the plans run are in the admin store (store.js).
 */

import { createElement as h, Fragment } from '@wordpress/element';

import { Health } from '../health';
import { Hosha2 } from '../hosha2';
import { mount } from '../mount';
import { Planner } from '../planner';
import { ready } from './ready';

function AiPage() {
	return h( Fragment, null, h( Health ), h( Planner ), h( Hosha2 ) );
}

ready( function () {
	mount( 'arsh-ai-root', AiPage );
} );
