/**
 * The command box: a command in the admin's words → the plan's preview
 * (with its warnings) → confirm → what was done, with undo of the last
 * step or of the whole plan, and the plans run on this page. Everything the
 * admin or the model wrote is shown as text.
 */

import {
	createElement as h,
	Fragment,
	useRef,
	useState,
} from '@wordpress/element';
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { formUrl } from './config';
import { num, actionLabel, stepSentence } from './i18n';
import { store, executePlan, undoTokens } from './store';
import { remainingTokens } from './store-reducer';
import { FocusedBlock, Outcome, TextArea } from './ui';

/**
 * The address a navigation step names: open_builder → the form's Build
 * tab, open_editor → the same with the question at index open,
 * open_results → its Results tab; '' for a page it does not know.
 */
export function navigationUrl( hint, fallbackId ) {
	const params = ( hint && hint.params ) || {};
	const id = Number( params.id || params.form_id || fallbackId || 0 );
	if ( ! hint || ! id ) {
		return '';
	}
	switch ( hint.action ) {
		case 'open_builder':
			return formUrl( id, 'build' );
		case 'open_editor':
			return (
				formUrl( id, 'build' ) +
				( 'number' === typeof params.index
					? '#builder/' + id + '/' + params.index
					: '' )
			);
		case 'open_results':
			return formUrl( id, 'results' );
		default:
			return '';
	}
}

function lineText( line, key ) {
	if ( 'string' === typeof line ) {
		return line;
	}
	return String( ( line && line[ key ] ) || JSON.stringify( line ) );
}

/** The preview of the plan waiting for confirmation. */
function Preview( { plan, busy, onExecute, onDiscard } ) {
	return h(
		FocusedBlock,
		{ id: 'arsh-preview', title: __( 'What will happen', 'arshline-sidecar' ), shown: plan },
		h(
			'ol',
			{ id: 'arsh-preview-list', className: 'arsh-list' },
			( plan.preview || [] ).map( ( line, i ) =>
				h(
					'li',
					{ key: i },
					h( 'bdi', null, lineText( line, 'text' ) )
				)
			)
		),
		( plan.warnings || [] ).length
			? h(
					Fragment,
					null,
					h(
						'h4',
						{ id: 'arsh-warnings-title' },
						__( 'Warnings', 'arshline-sidecar' )
					),
					h(
						'ul',
						{
							id: 'arsh-warnings',
							className: 'arsh-warnings',
							'aria-labelledby': 'arsh-warnings-title',
						},
						plan.warnings.map( ( w, i ) =>
							h(
								'li',
								{ key: i, className: 'arsh-warning' },
								h( 'bdi', null, lineText( w, 'message' ) )
							)
						)
					)
				)
			: null,
		h(
			'p',
			null,
			h(
				Button,
				{
					variant: 'primary',
					id: 'arsh-execute',
					onClick: onExecute,
					isBusy: busy,
					disabled: busy,
				},
				__( 'Confirm and run', 'arshline-sidecar' )
			),
			' ',
			h(
				Button,
				{
					variant: 'secondary',
					id: 'arsh-discard',
					onClick: onDiscard,
					disabled: busy,
				},
				__( 'Discard', 'arshline-sidecar' )
			)
		)
	);
}

/** What the newest plan did, and its undo buttons. */
function Results( { entry, busy, onUndo } ) {
	const left = remainingTokens( entry ).length;
	return h(
		FocusedBlock,
		{ id: 'arsh-results', title: __( 'Done', 'arshline-sidecar' ), shown: entry.id },
		h(
			'ul',
			{ id: 'arsh-results-list', className: 'arsh-list' },
			entry.results.map( ( step, i ) =>
				h(
					'li',
					{ key: i },
					stepSentence( step.action, step.form_id, step )
				)
			)
		),
		h(
			'p',
			null,
			h(
				Button,
				{
					variant: 'secondary',
					id: 'arsh-undo-last',
					onClick: () => onUndo( false ),
					disabled: busy || 0 === left,
					isBusy: 'last' === busy,
				},
				__( 'Undo last', 'arshline-sidecar' )
			),
			' ',
			h(
				Button,
				{
					variant: 'secondary',
					id: 'arsh-undo-all',
					onClick: () => onUndo( true ),
					disabled: busy || 0 === left,
					isBusy: 'all' === busy,
				},
				__( 'Undo all', 'arshline-sidecar' )
			)
		)
	);
}

/** The plans run on this page, newest first. */
function History( { history } ) {
	if ( history.length < 2 ) {
		return null;
	}
	return h(
		'div',
		{ className: 'arsh-block', id: 'arsh-history' },
		h(
			'h3',
			{ id: 'arsh-history-title' },
			__( 'Commands run on this page', 'arshline-sidecar' )
		),
		h(
			'ol',
			{
				className: 'arsh-list',
				reversed: true,
				'aria-labelledby': 'arsh-history-title',
			},
			history
				.slice()
				.reverse()
				.map( ( entry ) =>
					h(
						'li',
						{ key: entry.id },
						h( 'bdi', null, entry.command ),
						' — ',
						entry.undone
							? sprintf(
									/* translators: 1: changes undone, 2: changes the command made. */ __(
										'%1$s of %2$s changes undone',
										'arshline-sidecar'
									),
									num( entry.undone ),
									num( entry.tokens.length )
								)
							: sprintf(
									/* translators: %s: how many changes. */ _n(
										'%s change',
										'%s changes',
										entry.results.length,
										'arshline-sidecar'
									),
									num( entry.results.length )
								)
					)
				)
		)
	);
}

export function Planner() {
	const prefill =
		new URLSearchParams( window.location.search ).get( 'command' ) || '';
	const [ text, setText ] = useState( prefill );
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( '' );
	const plan = useSelect( ( s ) => s( store ).getPlan(), [] );
	const history = useSelect( ( s ) => s( store ).getHistory(), [] );
	const latest = history.length ? history[ history.length - 1 ] : null;
	const { setPlan, discardPlan, planExecuted, stepsUndone } =
		useDispatch( store );
	const box = useRef();

	function preview( event ) {
		if ( event ) {
			event.preventDefault();
		}
		const command = text.trim();
		setNote( null );
		discardPlan();
		if ( ! command ) {
			setNote( {
				status: 'error',
				text: __( 'Type a command first.', 'arshline-sidecar' ),
			} );
			box.current.focus();
			return;
		}
		setBusy( 'plan' );
		setNote( {
			status: 'info',
			text: __( 'Reading your command…', 'arshline-sidecar' ),
		} );
		call( {
			path: '/arshline/v1/ai/plan',
			method: 'POST',
			data: { text: command },
		} ).then( function ( r ) {
			setBusy( '' );
			if ( ! r.ok ) {
				setNote( { error: r, retry: preview } );
				return;
			}
			setNote( null );
			if ( r.body.none ) {
				let why =
					r.body.reason ||
					__(
						'This command does not change anything that can be previewed.',
						'arshline-sidecar'
					);
				const nav = r.body.navigate;
				if ( nav && nav.action ) {
					const url = navigationUrl( nav );
					if ( url ) {
						setNote( {
							status: 'info',
							text: sprintf(
								/* translators: %s: the page being opened. */ __(
									'Opening: %s',
									'arshline-sidecar'
								),
								actionLabel( nav.action )
							),
						} );
						window.location.href = url;
						return;
					}
					why +=
						' ' +
						sprintf(
							/* translators: %s: a page of the plugin. */ __(
								'Suggested page: %s',
								'arshline-sidecar'
							),
							actionLabel( nav.action )
						);
				}
				setNote( { status: 'warning', text: why } );
				return;
			}
			setPlan( {
				command,
				plan: r.body.plan,
				preview: r.body.preview || [],
				warnings: r.body.warnings || [],
			} );
		} );
	}

	function execute() {
		if ( ! plan ) {
			return;
		}
		setBusy( 'execute' );
		setNote( null );
		executePlan( plan.plan ).then( function ( r ) {
			setBusy( '' );
			if ( ! r.ok ) {
				setNote( { error: r, retry: execute } );
				return;
			}
			const results = r.body.results || [];
			planExecuted( plan.command, results, r.body.undo_tokens || [] );
			setText( '' );
			// A plan that ends on a page (open_builder, open_editor, open_results) goes there.
			const nav = results.filter(
				( step ) => step.navigate && step.navigate.action
			);
			if ( nav.length ) {
				const url = navigationUrl(
					nav[ nav.length - 1 ].navigate,
					nav[ nav.length - 1 ].form_id
				);
				if ( url ) {
					window.location.href = url;
				}
			}
		} );
	}

	function undo( all ) {
		const tokens = remainingTokens( latest );
		if ( ! tokens.length ) {
			return;
		}
		setBusy( all ? 'all' : 'last' );
		undoTokens( all ? tokens : tokens.slice( -1 ) ).then( function ( r ) {
			setBusy( '' );
			if ( ! r.ok ) {
				setNote( { error: r, retry: () => undo( all ) } );
				return;
			}
			const undone = ( r.body.undone || [] ).length;
			stepsUndone( all ? tokens.length : 1 );
			setNote( {
				status: 'success',
				text: sprintf(
					/* translators: %s: how many changes. */ _n(
						'%s change was undone.',
						'%s changes were undone.',
						undone,
						'arshline-sidecar'
					),
					num( undone )
				),
			} );
		} );
	}

	return h(
		'section',
		{ className: 'arsh-card', 'aria-labelledby': 'arsh-command-title' },
		h(
			'h2',
			{ id: 'arsh-command-title' },
			__( 'Command', 'arshline-sidecar' )
		),
		h(
			'form',
			{ id: 'arsh-command-form', onSubmit: preview, noValidate: true },
			h( TextArea, {
				id: 'arsh-command',
				label: __(
					'Tell Arshline what to do, in your own words',
					'arshline-sidecar'
				),
				help: __(
					'Ctrl+Enter (⌘+Enter on a Mac) shows the preview.',
					'arshline-sidecar'
				),
				value: text,
				onChange: setText,
				rows: 3,
				maxLength: 2000,
				placeholder: __(
					'For example: create a new form with two short answer questions and name it Checkup 3',
					'arshline-sidecar'
				),
				onKeyDown: ( e ) => {
					if ( 'Enter' === e.key && ( e.ctrlKey || e.metaKey ) ) {
						preview( e );
					}
				},
				ref: box,
			} ),
			h(
				'p',
				null,
				h(
					Button,
					{
						variant: 'primary',
						type: 'submit',
						id: 'arsh-plan-btn',
						isBusy: 'plan' === busy,
						disabled: 'plan' === busy,
					},
					__( 'Preview', 'arshline-sidecar' )
				)
			)
		),
		h(
			'div',
			{ id: 'arsh-plan-msg', className: 'arsh-msg' },
			h( Outcome, { note } )
		),
		plan
			? h( Preview, {
					plan,
					busy: 'execute' === busy,
					onExecute: execute,
					onDiscard: () => {
						discardPlan();
						box.current.focus();
					},
				} )
			: null,
		latest
			? h( Results, {
					entry: latest,
					busy: 'last' === busy || 'all' === busy ? busy : '',
					onUndo: undo,
				} )
			: null,
		h( History, { history } )
	);
}
