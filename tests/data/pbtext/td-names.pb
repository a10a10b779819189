U
å±‚/å·ç§¯%ÿÿÿÿÿÿÿÿÿctl tab	here nl
 crquotes " ' and \ backslash"cpu Ã© Ã¼ âœ“ ğŸ˜€