<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'ccfd562f05c20af4237e');
