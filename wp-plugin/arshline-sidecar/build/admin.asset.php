<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '05d124b03b24e5c1595a');
