/**
 * A form's Entries tab: its entries, filtered and paged, their status,
 * erasing them, one entry with its files and notifications.
 */

import { $ } from '../dom';
import { formId } from '../config';
import { openEntries, onEntriesFilter, onOlder, onNewer, onSelectAll, onBulkStatus, onBulkDelete } from '../entries';
import { ready } from './ready';

ready( function () {
	if ( ! $( 'arsh-ent-filters' ) ) {
		return;
	}
	$( 'arsh-ent-filters' ).addEventListener( 'submit', onEntriesFilter );
	$( 'arsh-ent-older' ).addEventListener( 'click', onOlder );
	$( 'arsh-ent-newer' ).addEventListener( 'click', onNewer );
	$( 'arsh-ent-all' ).addEventListener( 'change', onSelectAll );
	[ 'arsh-ent-read', 'arsh-ent-star', 'arsh-ent-spam' ].forEach( function ( id ) {
		$( id ).addEventListener( 'click', onBulkStatus );
	} );
	$( 'arsh-ent-delete' ).addEventListener( 'click', onBulkDelete );
	openEntries( formId, false );
} );
