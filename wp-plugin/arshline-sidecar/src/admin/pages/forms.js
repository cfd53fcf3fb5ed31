/**
 * Forms: the list of the site's forms, searched, filtered and ordered,
 * with each form's actions and bulk actions.
 */

import { $ } from '../dom';
import { loadForms, applyFilters, onBulk } from '../forms';
import { loadHealth } from '../health';
import { ready } from './ready';

ready( function () {
	if ( ! $( 'arsh-forms-body' ) ) {
		return;
	}
	$( 'arsh-forms-refresh' ).addEventListener( 'click', loadForms );
	[ 'arsh-forms-search', 'arsh-forms-status', 'arsh-forms-order' ].forEach( function ( id ) {
		$( id ).addEventListener( 'input', applyFilters );
		$( id ).addEventListener( 'change', applyFilters );
	} );
	$( 'arsh-forms-filters' ).addEventListener( 'submit', function ( e ) {
		e.preventDefault();
		applyFilters();
	} );
	$( 'arsh-forms-bulk-form' ).addEventListener( 'submit', onBulk );
	loadHealth();
	loadForms();
} );
