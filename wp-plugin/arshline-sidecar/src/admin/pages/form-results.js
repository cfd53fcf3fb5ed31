/**
 * A form's Results tab: totals and charts per question, and the CSV and
 * Excel exports.
 */

import { $ } from '../dom';
import { formId } from '../config';
import { openResults, onResultsFilter, onToggleTables } from '../results';
import { ready } from './ready';

ready( function () {
	if ( ! $( 'arsh-res-filters' ) ) {
		return;
	}
	$( 'arsh-res-filters' ).addEventListener( 'submit', onResultsFilter );
	$( 'arsh-res-tables' ).addEventListener( 'change', onToggleTables );
	openResults( formId, false );
} );
