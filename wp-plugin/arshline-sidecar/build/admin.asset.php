<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'b8e2967efe6e67dc622d');
