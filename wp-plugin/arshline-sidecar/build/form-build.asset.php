<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '3bffb272f3cccddadb4e');
