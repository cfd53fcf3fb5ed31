/**
 * A form's Versions tab: every version, a readable diff, and rollback.
 */

import { formId } from '../config';
import { loadForms } from '../forms';
import { loadVersions } from '../versions';
import { ready } from './ready';

ready( function () {
	// The heading names the form: its title comes with the list.
	loadForms().then( function () {
		loadVersions( formId, true );
	} );
} );
