/**
 * Forms: the list of the site's forms, searched, filtered and ordered,
 * with each form's actions and bulk actions (forms-list.js), under the
 * service's health. The list is in the admin store (store.js).
 */

import { createElement as h, Fragment } from '@wordpress/element';

import { FormsList } from '../forms-list';
import { Health } from '../health';
import { mount } from '../mount';
import { ready } from './ready';

function FormsPage() {
	return h( Fragment, null, h( Health ), h( FormsList ) );
}

ready( function () {
	mount( 'arsh-forms-root', FormsPage );
} );
