<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'f7c6ed5f2e1d8496f7a2');
